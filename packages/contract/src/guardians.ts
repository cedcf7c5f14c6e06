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
