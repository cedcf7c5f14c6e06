import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { emailPattern } from '../student-schema.ts';
import { requiredText, type TextFields } from './common.ts';

/** A password as typed at sign-in: anything up to `limits.passwordInput`, refused longer before it is hashed. */
const typedPassword = z.string({ message: messages.required }).min(1, messages.required).max(limits.passwordInput, messages.passwordTooLong);

/** POST /api/login-student (SPEC §7): the student ID and her password (her date of birth, yyyymmdd, the first time). */
export const studentSignInRequest = z.object({ student_id: studentIdField, password: typedPassword });
export type StudentSignInRequest = z.input<typeof studentSignInRequest>;

/** POST /api/admin-login (SPEC §7): `name` is the admin's username. */
export const adminSignInRequest = z.object({
  name: z.string({ message: messages.usernameEmpty }).trim().min(1, messages.usernameEmpty).max(limits.username),
  password: typedPassword,
});
export type AdminSignInRequest = z.input<typeof adminSignInRequest>;

/**
 * POST /api/change-password-student: the new password as `password`, or `reset_password` on the
 * reset form (SPEC §7), and the current one from a full session. The account is the session's,
 * never `student_id`'s, which SPEC clients send all the same.
 */
export const changeStudentPasswordRequest = z.object({
  student_id: studentIdField.optional(),
  password: z.string({ message: messages.required }).min(1, messages.required).optional(),
  reset_password: z.string().min(1).optional(),
  current_password: z.string().optional(),
});
export type ChangeStudentPasswordRequest = z.input<typeof changeStudentPasswordRequest>;

/** POST /api/admin/change-password: an admin replaces her password (a one-time one at first). */
export const changeAdminPasswordRequest = z.object({ current_password: typedPassword, password: typedPassword });
export type ChangeAdminPasswordRequest = z.input<typeof changeAdminPasswordRequest>;

/** POST /api/check-current-password: the first step of the two-step change-password screen. */
export const checkCurrentPasswordRequest = z.object({
  current_password: z.string({ message: messages.enterCurrentPassword }).min(1, messages.enterCurrentPassword).max(256),
});
export type CheckCurrentPasswordRequest = z.input<typeof checkCurrentPasswordRequest>;

/** POST /api/reset-password-student: the student whose password goes back to her date of birth. */
export const resetStudentPasswordRequest = z.object({ student_id: studentIdField });
export type ResetStudentPasswordRequest = z.input<typeof resetStudentPasswordRequest>;

/** GET /api/student-lookup: a visitor's exact first and last name. */
export const studentLookupQuery = z.object({ first_name: requiredText(limits.lookupName), last_name: requiredText(limits.lookupName) });
export type StudentLookupQuery = TextFields<typeof studentLookupQuery>;

/** A second factor's code (decision 043): the 6 digits of an authenticator app, or a recovery code. */
export const secondFactorRequest = z.object({
  code: z.string({ message: messages.enterCode }).trim().min(1, messages.enterCode).max(40, messages.wrongCode),
});
export type SecondFactorRequest = z.input<typeof secondFactorRequest>;

/** POST /api/account/enrolment-code: her password again, before a code is sent to her notice address (decision 057). */
export const enrolmentCodeRequest = z.object({ current_password: z.string({ message: messages.required }).min(1, messages.required).max(200) });
export type EnrolmentCodeRequest = z.input<typeof enrolmentCodeRequest>;

/** POST /api/account/totp: begins an enrolment; it takes nothing (an empty JSON object). */
export const totpEnrolmentRequest = z.object({});

/** GET /api/auth/oidc/start (decision 076): which kind of account signs in with the school's provider. */
export const providerSignInStartQuery = z.object({ for: z.enum(['staff', 'student', 'guardian'], { message: messages.required }) });

/**
 * PUT /api/students/{id}/school-account: the address the school's provider knows her by (decision
 * 076), set by the office; empty or null removes it. Kept in lower case: one address, one account.
 */
export const schoolAccountRequest = z.object({
  school_account: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ message: messages.invalidEmail })
      .trim()
      .toLowerCase()
      .max(limits.schoolAccount, messages.tooLong(limits.schoolAccount))
      .regex(emailPattern, messages.invalidEmail)
      .nullable(),
  ),
});
export type SchoolAccountRequest = z.input<typeof schoolAccountRequest>;
