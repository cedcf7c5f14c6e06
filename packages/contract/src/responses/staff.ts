import { z } from 'zod';
import { fieldByName, studentFields } from '../student-fields.ts';
import { staffRoles } from '../staff-roles.ts';

/** A staff account as the staff screen lists it (never its password). */
export const staffMemberSchema = z.object({
  username: z.string(),
  display_name: z.string(),
  role: z.enum(staffRoles),
  classes: z.array(z.string()),
  disabled: z.boolean(),
  must_change_password: z.boolean(),
  created_at: z.string(),
  /** Where her security notices go; null sends none. */
  email: z.string().nullable(),
  /** Whether she has an authenticator app or a passkey (decision 043). */
  second_factor: z.boolean(),
  /**
   * Not signed in with the school's provider for OIDC_STALE_DAYS days (decision 076): perhaps she
   * has left the school, and her account here should be disabled too. False when that is not set.
   */
  not_seen_at_provider: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

/** GET/PUT /api/account/email: a staff member's own address. */
export const ownEmailSchema = z.object({ email: z.string().nullable() });
export type OwnEmail = z.infer<typeof ownEmailSchema>;

/** POST /api/staff and a password reset: the account, with its one-time password, shown once. */
export const staffWithPasswordSchema = staffMemberSchema.extend({ one_time_password: z.string().optional() });
export type StaffWithPassword = z.infer<typeof staffWithPasswordSchema>;

/**
 * What a teacher sees of her class's health (issue 36): the condition switches (health conditions
 * and learning challenges), allergies and the emergency contact. Nothing else of the record.
 */
export const healthAlertConditions: readonly string[] = studentFields
  .filter((field) => field.step === 'healthData' && (field.section === 'Conditions' || field.section === 'Learning Challenges'))
  .map((field) => field.name);
export const healthAlertTexts = ['allergy', 'emergency_contact', 'emergency_home_phone'] as const;
/** The label of a condition switch, as the wizard shows it. */
export const conditionLabel = (name: string): string => fieldByName.get(name)?.label ?? name;

/** GET /api/health-alerts/{class_id}: one row per student of the class. */
export const healthAlertsSchema = z.array(
  z.object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    class_id: z.string().nullable(),
    /** The condition switches that are on, by their field names. */
    conditions: z.array(z.string()),
    allergy: z.string().nullable(),
    emergency_contact: z.string().nullable(),
    emergency_home_phone: z.string().nullable(),
  }),
);
export type HealthAlerts = z.infer<typeof healthAlertsSchema>;

/**
 * GET /api/admin/export-alerts: the staff members whose bulk exports today are past half of the
 * day's allowance (decision 049), most first, for the admins' dashboard.
 */
export const exportAlertsSchema = z.object({
  /** EXPORT_DAILY_LIMIT: bulk exports one staff member may make in a school day. */
  daily_limit: z.number().int(),
  /** `exports` counts her bulk exports and the student records she opened one by one, one export per 100 records (`records_read`). */
  staff: z.array(z.object({ username: z.string(), display_name: z.string(), exports: z.number().int(), records_read: z.number().int() })),
});
export type ExportAlerts = z.infer<typeof exportAlertsSchema>;
