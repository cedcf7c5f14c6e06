import { describe, expect, it } from 'vitest';
import { splitName } from '../../../src/features/oneroster/presenter.ts';

describe('splitName', () => {
  it('takes the last word as the family name and the words before it as the given name', () => {
    expect(splitName('Joan Baptiste')).toEqual({ givenName: 'Joan', familyName: 'Baptiste' });
    expect(splitName('  Mrs  Ana Maria   Joseph ')).toEqual({ givenName: 'Mrs Ana Maria', familyName: 'Joseph' });
  });

  it('gives a name of one word as both, since OneRoster needs both', () => {
    expect(splitName('registrar')).toEqual({ givenName: 'registrar', familyName: 'registrar' });
    expect(splitName('')).toEqual({ givenName: '', familyName: '' });
  });
});
