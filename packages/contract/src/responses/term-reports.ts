import { z } from 'zod';
import { importAnswerSchema } from './imports.ts';

/** SPEC §3 term: '1' Michaelmas, '2' Hilary, '3' Trinity. */
export const termSchema = z.enum(['1', '2', '3'], { message: 'The term must be 1, 2 or 3.' });
const yearRange = 'The year must be between 2000 and 2100.';
/** The first calendar year of an academic year (2026 is 2026-2027). */
export const termYearSchema = z.coerce
  .number<string | number>({ message: 'The year must be a number such as 2026.' })
  .int('The year must be a whole number such as 2026.')
  .min(2000, yearRange)
  .max(2100, yearRange);

const flag = z.number().int().min(0).max(1);

/** SPEC §3 term report record: one term a student has a report for. */
export const reportCardTermSchema = z
  .object({
    year: z.number().int(),
    term: termSchema,
    /** 1 when the school has posted the term's reports. */
    posted: flag,
    /** When they were posted, 'yyyy-MM-dd HH:mm:ss' in school time; null while not posted. */
    date_posted: z.string().nullable(),
    form_level: z.number().int(),
    class_id: z.string(),
  })
  .meta({ id: 'ReportCardTerm' });
export type ReportCardTerm = z.infer<typeof reportCardTermSchema>;
/** `GET /api/report-card-terms/{student id}`: newest term first. */
export const reportCardTermsSchema = z.array(reportCardTermSchema);

/** One term's posting state (SPEC §7 `GET /api/term-reports-posted` items). */
export const postedTermSchema = z
  .object({ year: z.number().int(), term: termSchema, posted: flag, date_posted: z.string().nullable() })
  .meta({ id: 'PostedTerm' });
export type PostedTerm = z.infer<typeof postedTermSchema>;
export const postedTermsSchema = z.array(postedTermSchema);

/** `POST /api/term-results/import`: students and result rows in the file (to be) written. */
export const termResultsImportAnswerSchema = importAnswerSchema({ students: z.number().int(), results: z.number().int() });
export type TermResultsImportAnswer = z.infer<typeof termResultsImportAnswerSchema>;

/** `POST /api/report-cards/upload`: report cards in the ZIP (to be) stored. */
export const reportCardsUploadAnswerSchema = importAnswerSchema({ cards: z.number().int() });
export type ReportCardsUploadAnswer = z.infer<typeof reportCardsUploadAnswerSchema>;
