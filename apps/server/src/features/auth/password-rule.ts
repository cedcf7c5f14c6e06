import { passwordLength } from '@school/contract';
import { commonPasswords } from './common-passwords.ts';

/** DESIGN §4's lengths, from the contract the forms read too. */
export const { min: PASSWORD_MIN, max: PASSWORD_MAX } = passwordLength;

/** Why a new password is refused, or null when it is acceptable (DESIGN §4). */
export function passwordProblem(password: string, forbidden: { studentId?: string; dateOfBirth?: string | null; username?: string }): string | null {
  if (password.length < PASSWORD_MIN) return `The password must have at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password must have at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (forbidden.studentId && lower.includes(forbidden.studentId.toLowerCase())) return 'The password must not contain your student ID.';
  if (forbidden.username && lower === forbidden.username.toLowerCase()) return 'The password must not be your username.';
  if (forbidden.dateOfBirth) {
    const [year, month, day] = forbidden.dateOfBirth.split('-');
    const forms = [`${year}${month}${day}`, `${day}${month}${year}`, `${month}${day}${year}`, forbidden.dateOfBirth];
    if (forms.some((form) => lower.includes(form))) return 'The password must not contain your date of birth.';
  }
  if (commonPasswords.has(lower)) return 'This password is too common. Please choose another.';
  return null;
}
