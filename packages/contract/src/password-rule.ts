import { passwordLength } from './limits.ts';

/** What a new password must not contain or be: the account's own student ID, date of birth (yyyy-MM-dd) or username. */
export type PasswordForbidden = { studentId?: string | null; dateOfBirth?: string | null; username?: string | null };

/** Why a new password is refused, in the words of the server's answer and the forms. */
export const passwordMessages = {
  tooShort: `The password must have at least ${passwordLength.min} characters.`,
  tooLong: `The password must have at most ${passwordLength.max} characters.`,
  studentId: 'The password must not contain your student ID.',
  username: 'The password must not be your username.',
  dateOfBirth: 'The password must not contain your date of birth.',
  common: 'This password is too common. Please choose another.',
} as const;

/**
 * Why a new password is refused, or null when it is acceptable (DESIGN §4): the one rule of the
 * server and the new-password forms. `isCommon` tells whether the lower-cased password is a common
 * one: the server passes `isCommonPassword` (`@school/contract/common-passwords`); the forms leave
 * that check to the server, so that the list is not sent with the sign-in page.
 */
export function passwordProblem(password: string, forbidden: PasswordForbidden, isCommon: (lowered: string) => boolean = () => false): string | null {
  if (password.length < passwordLength.min) return passwordMessages.tooShort;
  if (password.length > passwordLength.max) return passwordMessages.tooLong;
  const lower = password.toLowerCase();
  if (forbidden.studentId && lower.includes(forbidden.studentId.toLowerCase())) return passwordMessages.studentId;
  if (forbidden.username && lower === forbidden.username.toLowerCase()) return passwordMessages.username;
  if (forbidden.dateOfBirth) {
    const [year, month, day] = forbidden.dateOfBirth.split('-');
    const forms = [`${year}${month}${day}`, `${day}${month}${year}`, `${month}${day}${year}`, forbidden.dateOfBirth];
    if (forms.some((form) => lower.includes(form))) return passwordMessages.dateOfBirth;
  }
  if (isCommon(lower)) return passwordMessages.common;
  return null;
}
