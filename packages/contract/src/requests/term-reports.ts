import { z } from 'zod';
import { termSchema, termYearSchema } from '../responses/term-reports.ts';
import { dryRunField } from './common.ts';

/** How a client may say posted: true, 1 or '1' post the term; false, 0 or '0' withdraw it. */
const postedFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1'])], { message: 'posted must be 1 (post) or 0 (withdraw).' })
  .transform((value) => value === true || value === 1 || value === '1');

/** POST /api/post-term-reports (SPEC §7): posts or withdraws a term; the server sets the date posted. */
export const postTermReportsRequest = z.object({
  year: termYearSchema,
  term: termSchema,
  posted: postedFlag,
  date_posted: z.string().max(40).nullable().optional(),
});
export type PostTermReportsRequest = z.input<typeof postTermReportsRequest>;

/** POST /api/term-results/import and POST /api/report-cards/upload (multipart, the file last): the term the file is for, and `dry_run`. */
export const termFileRequest = z.object({ year: termYearSchema, term: termSchema, dry_run: dryRunField });
