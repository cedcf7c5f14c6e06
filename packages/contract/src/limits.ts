/**
 * Limits and rules both apps apply, written once (STYLE 2). A field of the student record keeps
 * its own limit in `studentFields`; these are the rest.
 */
export const limits = {
  /** A student ID, the sign-in ID (and a record's `id`). */
  studentId: 20,
  /** A class's id ('1A'), as a rollover names it. */
  classId: 20,
  /** An admin's username. */
  username: 40,
  /** A staff member's name as the staff screen shows it. */
  staffDisplayName: 80,
  /** A staff member's e-mail address: as long as the record's e-mail fields may be. */
  staffEmail: 50,
  /** A guardian's e-mail address, her sign-in name (the longest an address may be). */
  guardianEmail: 254,
  /** A student's school account (decision 076): an e-mail address at the school's provider. */
  schoolAccount: 254,
  /** A guardian's name as she gives it. */
  guardianName: 80,
  /** Each name typed into the visitors' student-ID lookup (SPEC §9: a description limit of 60). */
  lookupName: 60,
  /** A password as typed; longer input is refused before anything is hashed. */
  passwordInput: 1024,
} as const;

/** DESIGN §4: a new password has 8 to 128 characters (and is not the student ID, the date of birth, the username or a common password). */
export const passwordLength = { min: 8, max: 128 } as const;

/** The password rule as the forms state it under the new-password field. */
export const passwordRules = {
  student: `${passwordLength.min} to ${passwordLength.max} characters; not your student ID or date of birth.`,
  admin: `${passwordLength.min} to ${passwordLength.max} characters; not your username.`,
} as const;

/** SPEC §5/§9: a phone number is the fixed prefix 1868 and seven digits. */
export const phonePrefix = '1868';
export const phoneDigits = 7;

/** The rows of one page of each paged list (a query's `page` is `pageField`). */
export const pageSizes = {
  /** Messages (`GET /api/messages`). */
  messages: 50,
  /** The audit log (`GET /api/audit`). */
  auditLog: 50,
} as const;
