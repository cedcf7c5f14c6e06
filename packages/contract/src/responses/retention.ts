import { z } from 'zod';

/** What the retention rule erases of one student who has left: how much, never what (decision 046). */
export const retentionCountsSchema = z.object({
  /** Health Data fields of her record that hold a value. */
  health_fields: z.number().int(),
  /** Health Data fields holding a value in the snapshots of her past years' registrations. */
  snapshot_fields: z.number().int(),
  /** Documents she handed in (their files included). */
  documents: z.number().int(),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;

/** A student who has left, with the day her health data and documents are (or were) due to be erased. */
export const retentionStudentSchema = retentionCountsSchema.extend({
  student_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  class_id: z.string().nullable(),
  /** The day she left ('yyyy-MM-dd'). */
  left_on: z.string(),
  /** The day her data is due to be erased ('yyyy-MM-dd'): RETENTION_YEARS full years after she left. */
  due_on: z.string(),
});
export type RetentionStudent = z.infer<typeof retentionStudentSchema>;

/** GET /api/retention: the rule, who is due now, and who will be due later (soonest first). */
export const retentionSchema = z
  .object({
    /** RETENTION_YEARS: full years after leaving that her health data and documents are kept. */
    retention_years: z.number().int(),
    /** The school's date today ('yyyy-MM-dd'). */
    today: z.string(),
    due: z.array(retentionStudentSchema),
    upcoming: z.array(retentionStudentSchema),
  })
  .meta({ id: 'Retention' });
export type Retention = z.infer<typeof retentionSchema>;

/** POST /api/retention/erase: what was (or, on a dry run, would be) erased, in counts. */
export const retentionEraseResultSchema = retentionCountsSchema
  .extend({
    dry_run: z.boolean(),
    /** Students whose data was (or would be) erased. */
    students: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'RetentionEraseResult' });
export type RetentionEraseResult = z.infer<typeof retentionEraseResultSchema>;
