import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muiReached, packagesReachedFrom, src } from '../static-imports.ts';

/** Every script under `components/`, by folder: `light/`, `mui/`, or neither (the kit-free parts). */
function componentScripts(): string[] {
  const under = (folder: string): string[] =>
    fs.readdirSync(path.join(src, folder), { withFileTypes: true }).flatMap((entry) => {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return under(file);
      return /\.tsx?$/.test(entry.name) ? [file] : [];
    });
  return under('components');
}

const scripts = componentScripts();
const light = scripts.filter((file) => file.startsWith('components/light/'));
const kitFree = scripts.filter((file) => !file.startsWith('components/light/') && !file.startsWith('components/mui/'));

describe('the components’ folders say which kit each piece is drawn with', () => {
  it.each(light)('%s, a piece of the light kit, reaches no MUI or Emotion (decisions 008 and 054: a student’s screens draw without them)', (file) => {
    expect(muiReached(packagesReachedFrom(file))).toEqual([]);
  });

  it.each(kitFree)('%s, outside both kits’ folders, reaches no MUI or Emotion either', (file) => {
    expect(muiReached(packagesReachedFrom(file))).toEqual([]);
  });

  it('finds the pieces of both kits and the kit-free parts to walk', () => {
    expect(light).toEqual(expect.arrayContaining(['components/light/light-alert.tsx', 'components/light/loading-overlay.tsx']));
    expect(kitFree).toEqual(expect.arrayContaining(['components/brand.ts', 'components/pdf/page-scale.ts']));
    expect(scripts).toEqual(expect.arrayContaining(['components/mui/iso-date-field.tsx']));
  });
});
