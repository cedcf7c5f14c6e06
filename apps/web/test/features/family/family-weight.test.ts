import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muiReached, packagesReachedFrom, src } from '../../static-imports.ts';

/** Every page of the family's side (decision 062), as the routes load them: the layout is the student's, walked by her own check. */
const familyScreens = fs
  .readdirSync(path.join(src, 'features/family'))
  .filter((file) => file.endsWith('-page.tsx'))
  .map((file) => `features/family/${file}`);

describe('the family’s screens', () => {
  it.each(familyScreens)(
    '%s reaches no MUI or Emotion: a parent’s phone draws it without them (issue 50); the PDF and report dialogs fetch them when opened',
    (screen) => {
      expect(muiReached(packagesReachedFrom(screen))).toEqual([]);
    },
  );

  it('are walked for real: every page, reaching React and the contract', () => {
    expect(familyScreens).toHaveLength(9);
    expect([...packagesReachedFrom(...familyScreens).keys()]).toEqual(expect.arrayContaining(['react', '@school/contract/guardians']));
  });
});
