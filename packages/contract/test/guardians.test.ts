import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../src/common-passwords.ts';
import { guardianMessages } from '../src/guardian-messages.ts';
import { guardianPasswordProblem, readsAsDate } from '../src/guardians.ts';
import { passwordMessages } from '../src/password-rule.ts';

describe("a guardian's password (decision 062)", () => {
  it('is never a date, however it is written', () => {
    for (const date of ['20140309', '09032014', '09/03/2014', '9/3/2014', '2014-03-09', '09.03.14', '09 03 2014', ' 2014/3/9 '])
      expect(readsAsDate(date), date).toBe(true);
    for (const other of ['Scarlet-Ibis-2026', '2014 was a good year', '123456789', '09/03/2014x', 'March 9 2014 at home'])
      expect(readsAsDate(other), other).toBe(false);
    expect(guardianPasswordProblem('09/03/2014', 'mum@example.org')).toBe(guardianMessages.passwordIsDate);
  });

  it('keeps the contract’s rule with her address as her username, and the common list where it is given', () => {
    expect(guardianPasswordProblem('short', 'mum@example.org')).toBe(passwordMessages.tooShort);
    expect(guardianPasswordProblem('MUM@example.org', 'mum@example.org')).toBe(passwordMessages.username);
    expect(guardianPasswordProblem('password123', 'mum@example.org', isCommonPassword)).toBe(passwordMessages.common);
    // The web's forms leave the common list to the server.
    expect(guardianPasswordProblem('password123', 'mum@example.org')).toBeNull();
    expect(guardianPasswordProblem('Scarlet-Ibis-2026', 'mum@example.org', isCommonPassword)).toBeNull();
  });
});
