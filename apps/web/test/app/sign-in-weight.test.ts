import { describe, expect, it } from 'vitest';
import { muiReached, packagesReachedFrom } from '../static-imports.ts';

describe('the first script, which the sign-in pages need', () => {
  it('reaches no MUI: the signed-in screens fetch it with their own chunks (issue 38: sign-in stays fast on a phone)', () => {
    expect(muiReached(packagesReachedFrom('main.tsx'))).toEqual([]);
  });

  it('is walked for real: it reaches React and the data library', () => {
    const names = [...packagesReachedFrom('main.tsx').keys()];
    expect(names).toEqual(expect.arrayContaining(['react-dom/client', '@tanstack/react-query']));
  });
});
