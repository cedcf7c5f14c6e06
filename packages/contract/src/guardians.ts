import { guardianMessages } from './guardian-messages.ts';
import { passwordProblem } from './password-rule.ts';

/** Parents and guardians (issue 50, decisions 062–064): the words and numbers both apps use. */

/** How a guardian is related to a student. */
export const guardianRelationships = ['mother', 'father', 'guardian', 'other'] as const;
export type GuardianRelationship = (typeof guardianRelationships)[number];

/** How a link was verified (decision 062): an invitation accepted, a letter's code, or the office. */
export const linkVerifications = ['invitation', 'letter', 'office'] as const;
export type LinkVerification = (typeof linkVerifications)[number];

/** The message kinds about a daughter that a guardian may choose to receive (decision 064). */
export const guardianMessageKinds = ['report_posted', 'absence', 'reminders'] as const;
export type GuardianMessageKind = (typeof guardianMessageKinds)[number];

/** How long the school's links stay good. */
export const guardianLinkLifetimes = {
  /** An invitation to link a guardian to a student. */
  invitationHours: 72,
  /** A password reset, or the proof of a sign-up's address. */
  emailLinkMinutes: 30,
} as const;

/** Wrong letter codes (or dates of birth) an hour, per guardian and per address, before more wait. */
export const letterCodeTriesPerHour = 5;

/** Codes printed per student on a class's letters: one for each of up to two guardians. */
export const letterCodesPerStudent = 2;

/**
 * A letter code as printed: ten characters of an alphabet without look-alikes (no I, L, O, U, 0 or
 * 1), in groups of four, four and two (`K7QD-M3WX-9P`). Typed in lower case, with spaces or without
 * dashes it reads the same.
 */
export const letterCodeAlphabet = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const letterCodeLength = 10;
export const normalLetterCode = (typed: string): string => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether a password reads as a date (decision 062: a guardian's password is never a date, such as
 * a daughter's date of birth): eight digits (`20120314`, `14032012`), or day, month and year (in
 * either order) split by slashes, dots, dashes or spaces (`14/03/2012`, `2012-03-14`, `3.4.12`).
 */
export const readsAsDate = (password: string): boolean => {
  const typed = password.trim();
  return /^\d{8}$/.test(typed) || /^(\d{1,2}[/.\- ]\d{1,2}[/.\- ](\d{2}|\d{4})|\d{4}[/.\- ]\d{1,2}[/.\- ]\d{1,2})$/.test(typed);
};

/**
 * Why a guardian's new password is refused, or null (decision 062): the contract's password rule
 * with her e-mail address as her username, never a date, and (on the server, which passes
 * `isCommonPassword`) not a common password. One rule for the server and the web's forms.
 */
export function guardianPasswordProblem(password: string, email: string, isCommon: (lowered: string) => boolean = () => false): string | null {
  const problem = passwordProblem(password, { username: email }, isCommon);
  if (problem) return problem;
  return readsAsDate(password) ? guardianMessages.passwordIsDate : null;
}
