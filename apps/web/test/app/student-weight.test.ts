import { describe, expect, it } from 'vitest';
import { muiReached, packagesReachedFrom } from '../static-imports.ts';

/** The student's layout and the screens drawn without MUI (issue 38); their menus and dialogs come with `import()`. */
const lightScreens = [
  'app/layouts/student-layout.tsx',
  'features/dashboard/dashboard-page.tsx',
  'features/term-reports/term-reports-page.tsx',
  'features/attendance/attendance-page.tsx',
  'features/auth/change-password-page.tsx',
];

describe('the student’s light layout and screens', () => {
  it.each(lightScreens)('%s reaches no MUI or Emotion on its first render (issue 38: fast on a phone)', (screen) => {
    expect(muiReached(packagesReachedFrom(screen))).toEqual([]);
  });

  it('is walked for real: the screens reach React, the router and the data library', () => {
    const names = [...packagesReachedFrom(...lightScreens).keys()];
    expect(names).toEqual(expect.arrayContaining(['react', 'react-router', '@tanstack/react-query']));
  });
});
