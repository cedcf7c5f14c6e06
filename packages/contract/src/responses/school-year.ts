import { z } from 'zod';

/** The last rollover into the current year, and until when it may be undone. */
export const lastRolloverSchema = z.object({
  from_year: z.number().int(),
  to_year: z.number().int(),
  /** When it was applied (ISO-8601 UTC). */
  at: z.string(),
  /** The admin who applied it. */
  by: z.string(),
  /** Until when it may be undone (ISO-8601 UTC), or null when it no longer may be (a student has saved in the new year). */
  undo_until: z.string().nullable(),
});
export type LastRollover = z.infer<typeof lastRolloverSchema>;

/** GET /api/school-year: the current academic year, each class with its students (leavers not counted), and the last rollover. */
export const schoolYearSchema = z
  .object({
    /** The year's first calendar year: 2026 is 2026-2027. */
    year: z.number().int(),
    /** 'year-nextyear' (SPEC §9). */
    label: z.string(),
    classes: z.array(z.object({ class_id: z.string(), form_level: z.number().int(), students: z.number().int() })),
    last_rollover: lastRolloverSchema.nullable(),
  })
  .meta({ id: 'SchoolYear' });
export type SchoolYear = z.infer<typeof schoolYearSchema>;

/** POST /api/school-year/rollover: what it does (or did), what to look at first, and what stops it (nothing is changed while there are errors). */
export const rolloverResultSchema = z
  .object({
    dry_run: z.boolean(),
    /** Students who move to a class of the new year. */
    promoted: z.number().int(),
    /** Students who leave. */
    left: z.number().int(),
    warnings: z.array(z.string()),
    errors: z.array(z.object({ class_id: z.string(), message: z.string() })),
  })
  .meta({ id: 'RolloverResult' });
export type RolloverResult = z.infer<typeof rolloverResultSchema>;

/** POST /api/school-year/undo: the year the school is back in. */
export const undoRolloverSchema = z.object({ message: z.string(), year: z.number().int(), label: z.string() });
export type UndoRollover = z.infer<typeof undoRolloverSchema>;

/** POST /api/students/{id}/left: she has left, on the school's date, for the reason given. */
export const leaverSchema = z.object({ message: z.string(), student_id: z.string(), left_on: z.string(), reason: z.string() });
export type Leaver = z.infer<typeof leaverSchema>;

/** GET /api/student/{id}/history: one entry per past year, oldest first, with the fields she changed in the year that followed. */
export const studentHistorySchema = z
  .array(
    z.object({
      year: z.number().int(),
      class_id: z.string().nullable(),
      /** The school's date ('yyyy-MM-dd') she completed and agreed to that year's registration, or null. */
      submitted_at: z.string().nullable(),
      /** Names of the record's fields whose value in the following year differs (her class and the agreement left out). */
      changed_fields: z.array(z.string()),
    }),
  )
  .meta({ id: 'StudentHistory' });
export type StudentHistory = z.infer<typeof studentHistorySchema>;

/** A school year as the page names it: 2026 and '2026-2027'. */
const namedYear = z.object({ year: z.number().int(), label: z.string() });

/**
 * GET /api/student/{id}/changes (staff who may read her record): the fields she changed since her
 * registration of last year was kept, with the values then and now as people read them.
 */
export const studentChangesSchema = namedYear
  .extend({
    /** Whom the page is about: her ID, her names and her class this year. */
    student: z.object({ id: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable(), class_id: z.string().nullable() }),
    /** The year her changes are counted from (last year), or null when no registration of hers was kept then (a first-year student). */
    since: namedYear.nullable(),
    fields: z.array(
      z.object({
        /** The record's field name, e.g. `mobile_phone_mother`. */
        name: z.string(),
        /** The wizard's label, with the parent's title before a parent's field ('Mother Mobile Phone'). */
        label: z.string(),
        /** Last year's value in words (Yes/No, names for codes), or null when it was empty. */
        before: z.string().nullable(),
        /** This year's value, the same way. */
        after: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'StudentChanges' });
export type StudentChanges = z.infer<typeof studentChangesSchema>;
