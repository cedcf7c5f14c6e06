import { z } from 'zod';
import { progressFlagKeys, reviewedStepKeys, type CompletenessStepKey, type ProgressFlagKey } from '../progress-steps.ts';
import { studentColumns } from '../student-schema.ts';

const flag = z.number().int().min(0).max(1);

/** SPEC §3 form progress flags: one per wizard step (`progressSteps`), 1 when the step is complete. */
export const progressFlagsSchema = z.object(Object.fromEntries(progressFlagKeys.map((key) => [key, flag])) as Record<ProgressFlagKey, typeof flag>);
export type ProgressFlags = z.infer<typeof progressFlagsSchema>;

/** Per step, 1 once she has reviewed it this year (decision 026): the wizard offers 'Nothing has changed' until then. */
export const reviewedStepsSchema = z.object(Object.fromEntries(reviewedStepKeys.map((key) => [key, flag])) as Record<CompletenessStepKey, typeof flag>);

/** The progress a registration answers: the flags (a step's is 1 when it is complete and reviewed) and which steps she has reviewed. */
export const progressSchema = progressFlagsSchema.extend({ reviewed: reviewedStepsSchema });
export type Progress = z.infer<typeof progressSchema>;

/** SPEC §4 registration status of one form level, with what the wizard's banner says about it. */
export const registrationWindowSchema = z.object({
  /** The school year being registered for, 'year-nextyear' (SPEC §9). */
  academic_year: z.string(),
  form_level: z.number().int().nullable(),
  open: flag,
  /** ISO-8601 UTC instant after which students may no longer edit, or null. */
  deadline: z.string().nullable(),
  editable: z.boolean(),
  message: z.string(),
});
export type RegistrationWindow = z.infer<typeof registrationWindowSchema>;

/** An admin's view of a form level's window: the deadline also as the school's wall-clock time for the editor. */
export const registrationStatusSchema = registrationWindowSchema.extend({
  /** 'yyyy-MM-ddTHH:mm' in `time_zone`, or null. */
  deadline_local: z.string().nullable(),
  time_zone: z.string(),
});
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

const fieldValue = z.union([z.string(), z.number(), z.null()]);

/** The student record as the API answers it: every field of SPEC §3, `student_id` and `updatedAt` (its version); nothing else. */
export const studentRecordSchema = z
  .object({
    id: z.string(),
    student_id: z.string(),
    /** The record's version: a save must carry it (decision 004). */
    updatedAt: z.string(),
    ...Object.fromEntries(studentColumns.map((column) => [column, fieldValue])),
  })
  .meta({ id: 'StudentRecord' });

/** The school's registration terms, served with the record (decision 026); students cannot write them. */
export const registrationTermsSchema = z.object({ version: z.string(), items: z.array(z.string()) });
export type RegistrationTerms = z.infer<typeof registrationTermsSchema>;

/** GET /api/student/{id}: everything the wizard needs. */
export const registrationSchema = z.object({
  record: studentRecordSchema,
  progress: progressSchema,
  registration: registrationWindowSchema,
  terms: registrationTermsSchema,
  /** The school's date ('yyyy-MM-dd') on which the registration was last completed (agreed with every step complete), or null while it is not. */
  completed_on: z.string().nullable(),
});

/** POST /api/registration/confirm-step: the step is reviewed; the progress it leads to. */
export const stepConfirmedSchema = z.object({ message: z.string(), progress: progressSchema });

/** POST /api/student: the saved record (its new version) and the progress it leads to. */
export const savedRecordSchema = z.object({ message: z.string(), record: studentRecordSchema, progress: progressSchema });

/** POST /api/student answers 409 when the record changed since the client read it, with the current record. */
export const recordConflictSchema = z.object({ message: z.string(), record: studentRecordSchema.nullable() });

/** GET /api/students: the admin table's rows (SPEC §2 Admin area). */
export const studentListSchema = z.array(
  z.object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    class_id: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    birth_certificate_no: z.string().nullable(),
    updatedAt: z.string(),
    /** The day she left the school ('yyyy-MM-dd'), only for a student who has left (the table hides her by default). */
    left_on: z.string().optional(),
    /** Whether she has a guardian with a live, unrestricted link (decision 062): a teacher sees that there is one, never who. */
    has_guardian: z.boolean(),
  }),
);
