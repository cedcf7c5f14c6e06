import { staffRoles } from '../staff-roles.ts';
import { z } from 'zod';

/** GET /api/session: who the server says is signed in; the truth for the web app's route guard. */
export const sessionSchema = z.object({
  authenticated: z.boolean(),
  /** Which kind of account is signed in (a guardian's is `guardian`, decision 062); absent for a visitor. */
  kind: z.enum(['student', 'admin', 'guardian']).optional(),
  admin: z.boolean(),
  /** True while a first-password (restricted) session may only set a new password. */
  restricted: z.boolean(),
  userID: z.string().nullable(),
  name: z.string().nullable(),
  initials: z.string().nullable(),
  must_change_password: z.boolean(),
  /** A staff member's role (decision 048); absent for a student or a visitor. */
  role: z.enum(staffRoles).optional(),
  /** A staff member's classes (a teacher's reach); absent for a student or a visitor. */
  classes: z.array(z.string()).optional(),
  /**
   * True while a staff member must set up a second factor before anything else (STAFF_MFA=required,
   * admin and office roles, decision 043): the web shows her the enrolment screen. Absent for a student or a visitor.
   */
  must_enrol_second_factor: z.boolean().optional(),
  /** Why a signed-out caller is signed out, when the session she presented has ended. */
  ended_message: z.string().nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export { signedOutSession } from '../signed-out-session.ts';

const flag = z.number().int().min(0).max(1);

/** POST /api/login-student (SPEC §7: name); `password_reset` 1 means the session may only set a new password. */
export const studentSignInSchema = z.object({ name: z.string(), student_id: z.string(), password_reset: flag });
export type StudentSignIn = z.infer<typeof studentSignInSchema>;

/** The kinds of second factor an account may have (decision 043): an authenticator app (whose recovery codes count as it) and passkeys. */
export const secondFactorKinds = ['app', 'passkey'] as const;
export type SecondFactorKind = (typeof secondFactorKinds)[number];

/**
 * What a sign-in whose password was right answers when the account has a second factor (decisions
 * 043 and 062): `second_factor: 'required'`, and the kinds she may give.
 */
export const secondFactorRequired = {
  second_factor: z.literal('required').optional(),
  /** With `second_factor`: the kinds she may give, an authenticator-app code (`app`, or a recovery code) and her passkeys. */
  second_factors: z.array(z.enum(secondFactorKinds)).optional(),
};

/**
 * POST /api/admin-login: the name 'Admin' marks an admin (SPEC §4). `second_factor: 'required'`
 * when the account has a second factor (decision 043): the session may then only give it, with
 * `POST /api/admin-login/second-factor`, which answers the same without it.
 */
export const adminSignInSchema = z.object({
  name: z.literal('Admin'),
  username: z.string(),
  must_change_password: z.boolean(),
  ...secondFactorRequired,
});
export type AdminSignIn = z.infer<typeof adminSignInSchema>;

/** GET /api/user/{student_id}: whether the account still signs in with the date of birth. */
export const userInfoSchema = z.array(z.object({ student_id: z.string(), password_reset: flag }));
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /api/student-record/{id}: the student's names (SPEC §7). */
export const studentNamesSchema = z.array(z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), id: z.string() }));

/**
 * GET /api/student-lookup: the visitors' "find my student ID" (exact first and last name). When
 * several students share the name, each also carries her form level, so she can tell which is hers
 * without the answer saying more about any girl than that.
 */
export const studentMatchesSchema = z.array(
  z.object({ id: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable(), form_level: z.number().int().nullable().optional() }),
);
export type StudentMatch = z.infer<typeof studentMatchesSchema>[number];

/**
 * GET /api/admin/sign-in-alerts: the addresses seen spraying date-of-birth guesses over many
 * accounts in the last day (decision 015), newest first, for the admins' dashboard.
 */
export const signInAlertsSchema = z.object({
  alerts: z.array(z.object({ at: z.string(), address: z.string(), message: z.string() })),
});
export type SignInAlerts = z.infer<typeof signInAlertsSchema>;

/** POST /api/account/totp: an authenticator-app secret to enrol, and its address for a QR code (decision 043). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** POST /api/account/totp/confirm: ten single-use recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET /api/account: a staff member's second factor and her active sessions. */
export const staffAccountSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  sessions: z.array(
    z.object({
      /** A handle to end the session by (not its cookie). */
      id: z.string(),
      device: z.string().nullable(),
      ip: z.string().nullable(),
      signed_in_at: z.string(),
      last_used_at: z.string(),
      current: z.boolean(),
    }),
  ),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** GET and PUT /api/students/{id}/school-account: her school account (decision 076), and whether she has signed in with it. */
export const schoolAccountSchema = z
  .object({
    student_id: z.string(),
    school_account: z.string().nullable(),
    /** When she last signed in with the school's provider; null before her first time. */
    provider_seen_at: z.string().nullable(),
  })
  .meta({ id: 'SchoolAccount' });
export type SchoolAccount = z.infer<typeof schoolAccountSchema>;
