import { z } from 'zod';
import { recordReaderRoles, staffRoles } from '../staff-roles.ts';

/** One row of the audit log as the audit screen shows it: who, what, which student, when, from where. Never the data itself. */
export const auditEntrySchema = z.object({
  id: z.number(),
  /** When, as an ISO-8601 UTC instant. */
  at: z.string(),
  /** 'admin' for staff, 'student', 'visitor' (a sign-in that failed) or 'system'. */
  actor_kind: z.string(),
  /** The staff member's username, the student's ID, or the account a visitor tried. */
  actor: z.string().nullable(),
  /** The staff member's role; null for anyone else. */
  role: z.enum(staffRoles).nullable(),
  action: z.string(),
  student_id: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit: one page of the entries that match the filters, newest first, and how many match in all. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** One time a staff member or a guardian viewed or changed a student's record, documents, report cards or attendance (issue 36, point 7; decision 063). */
export const recordAccessEntrySchema = z.object({
  at: z.string(),
  /** The staff member's display name, or a guardian's name with her relationship: 'Mrs Joseph (mother)'. */
  staff: z.string(),
  role: z.enum(recordReaderRoles),
  /** What was done, in words for the student. */
  what: z.string(),
});
export type RecordAccessEntry = z.infer<typeof recordAccessEntrySchema>;

/** GET /api/my-record-access: the newest `limit` entries about the signed-in student, newest first, and how many there are in all. */
export const recordAccessSchema = z.object({ entries: z.array(recordAccessEntrySchema), total: z.number(), limit: z.number() });
export type RecordAccess = z.infer<typeof recordAccessSchema>;
