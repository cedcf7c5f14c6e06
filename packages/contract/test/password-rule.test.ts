import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../src/common-passwords.ts';
import { passwordMessages, passwordProblem } from '../src/password-rule.ts';

describe('the new-password rule (DESIGN §4), one for the server and the forms', () => {
  it('takes 8 to 128 characters', () => {
    expect(passwordProblem('Short-1', {})).toBe('The password must have at least 8 characters.');
    expect(passwordProblem('x'.repeat(129), {})).toBe('The password must have at most 128 characters.');
    expect(passwordProblem('Scarlet-Ibis-2026', {})).toBeNull();
    expect(passwordProblem('x'.repeat(128), {})).toBeNull();
  });

  it('refuses her student ID inside it, her date of birth in any order, and an admin’s own username', () => {
    expect(passwordProblem('my20260042pass', { studentId: '20260042' })).toBe(passwordMessages.studentId);
    for (const form of ['20130721', '21072013', '07212013', '2013-07-21'])
      expect(passwordProblem(`Kezia-${form}`, { dateOfBirth: '2013-07-21' })).toBe(passwordMessages.dateOfBirth);
    expect(passwordProblem('Registrar', { username: 'registrar' })).toBe('The password must not be your username.');
    // A null (an account not known yet) forbids nothing.
    expect(passwordProblem('Scarlet-Ibis-2026', { studentId: null, username: null, dateOfBirth: null })).toBeNull();
  });

  it('refuses a common password only when given the list, as the server gives it', () => {
    expect(passwordProblem('Password123', {})).toBeNull();
    expect(passwordProblem('Password123', {}, isCommonPassword)).toBe('This password is too common. Please choose another.');
    expect(passwordProblem('Scarlet-Ibis-2026', {}, isCommonPassword)).toBeNull();
    expect(isCommonPassword('qwerty123')).toBe(true);
  });
});
