import { describe, expect, it } from 'vitest';
import { muiReached, packagesReachedFrom } from '../../static-imports.ts';

/** The wizard's frame and its six steps' screens, as the routes load them. */
const wizardScreens = [
  'features/registration/wizard-layout.tsx',
  'features/registration/pages.tsx',
  'features/registration/documents-step-page.tsx',
  'features/registration/complete-step-page.tsx',
];

describe("the registration wizard's screens", () => {
  it('reach no MUI or Emotion through static imports: a phone draws a step without them (issue 38); dialogs fetch them when opened', () => {
    expect(muiReached(packagesReachedFrom(...wizardScreens))).toEqual([]);
  });

  it('are walked for real: they reach React and the contract', () => {
    expect([...packagesReachedFrom(...wizardScreens).keys()]).toEqual(expect.arrayContaining(['react', '@school/contract']));
  });
});
