import { z } from 'zod';

/** One refused cell or row of an imported spreadsheet, as the admin finds it in her file. */
export const importErrorSchema = z
  .object({
    /** The spreadsheet's own row number (the header is row 1), or 0 for the file as a whole. */
    row: z.number().int(),
    /** The column's header as written in the file, or null when the whole row is at fault. */
    column: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'ImportError' });
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * The answer of every import (DESIGN §3): `{ dry_run, ...counts, errors }`. An import with any
 * error changes nothing; a dry run never changes anything. `counts` names the import's own
 * figures, e.g. `importAnswerSchema({ students: z.number(), results: z.number() })`.
 */
export const importAnswerSchema = <Counts extends z.ZodRawShape>(counts: Counts) =>
  z.object({
    dry_run: z.boolean(),
    ...counts,
    /** A few of the rows as they will be written, for the preview (at most 20). */
    preview: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).optional(),
    /** The first 200 problems, in row order. */
    errors: z.array(importErrorSchema),
    /** How many problems the file has in all (more than `errors` lists when over 200). */
    error_count: z.number().int().optional(),
  });

/**
 * How far a running import has got, as the import screen polls it while the import is applied:
 * `done` of the file's `total` rows written. `running` is false (and both 0) when none is running.
 */
export const importProgressSchema = z.object({
  running: z.boolean(),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** The counts and errors any import answers with, as the web's import panel reads them. */
export type ImportAnswer = {
  dry_run: boolean;
  errors: ImportError[];
  preview?: Array<Record<string, string | number | null>>;
} & Record<string, unknown>;

/** Headers as every import compares them: 'Date of Birth', 'date_of_birth' and 'DATE OF BIRTH ' are the same header. */
export const importHeaderKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]+/g, '');
