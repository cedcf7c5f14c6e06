import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muiReached, packagesReachedFrom, src } from '../static-imports.ts';

/** The student's layout and the screens drawn without MUI (issue 38); their menus and dialogs come with `import()`. */
const lightScreens = [
  'app/layouts/student-layout.tsx',
  'features/dashboard/dashboard-page.tsx',
  'features/term-reports/term-reports-page.tsx',
  'features/attendance/attendance-page.tsx',
  'features/auth/change-password-page.tsx',
  'features/auth/logout-page.tsx',
];

/** What the student's layout fetches once her screen is up (`app/layouts/layout-parts.ts`): light too, so they block no tap. */
const layoutParts = ['app/layouts/account-menu.tsx', 'app/layouts/nav-drawer.tsx', 'app/layouts/floating-menu.tsx', 'app/layouts/route-snackbar.tsx'];

describe('the student’s light layout and screens', () => {
  it.each(lightScreens)('%s reaches no MUI or Emotion on its first render (issue 38: fast on a phone)', (screen) => {
    expect(muiReached(packagesReachedFrom(screen))).toEqual([]);
  });

  it.each(layoutParts)('%s, a part of the layout, reaches no MUI or Emotion either', (part) => {
    expect(muiReached(packagesReachedFrom(part))).toEqual([]);
  });

  it('walks every part the layout fetches', () => {
    const parts = [...fs.readFileSync(path.join(src, 'app/layouts/layout-parts.ts'), 'utf8').matchAll(/import\('([^']+)'\)/g)];
    expect(parts.map(([, file]) => path.relative(src, path.resolve(src, 'app/layouts', file!))).sort()).toEqual([...layoutParts].sort());
  });

  it('is walked for real: the screens reach React and the data library', () => {
    const names = [...packagesReachedFrom(...lightScreens, ...layoutParts).keys()];
    expect(names).toEqual(expect.arrayContaining(['react', '@tanstack/react-query']));
  });
});
