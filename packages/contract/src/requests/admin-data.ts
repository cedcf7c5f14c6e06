import { z } from 'zod';
import { studentImportColumns, studentImportModes } from '../responses/admin-data.ts';
import { messages } from '../messages.ts';
import { dryRunField } from './common.ts';

const importFields = studentImportColumns.map((column) => column.field) as [string, ...string[]];

/**
 * POST /api/student-import (multipart, the file last): the mode, `dry_run`, and the admin's column
 * mapping as JSON (field → the file's header) when the file's headers are not the template's.
 */
export const studentImportRequest = z.object({
  mode: z.enum(studentImportModes, { message: 'Choose "insert" or "upsert".' }).default('insert'),
  dry_run: dryRunField,
  mapping: z
    .string()
    .max(4000)
    .default('{}')
    .transform((text, context) => {
      try {
        const parsed: unknown = JSON.parse(text);
        const result = z.partialRecord(z.enum(importFields), z.string().max(200)).safeParse(parsed);
        if (result.success) return result.data;
      } catch {
        // reported below
      }
      context.addIssue({ code: 'custom', message: 'The column mapping must be an object of field names to headers.' });
      return z.NEVER;
    }),
});

/**
 * `?leavers=` of the registration spreadsheet, the registration report and Parents Contact
 * (decision 069): students who have left are not in them, as they are not in the students table's
 * total, unless `include` is asked for.
 */
export const leaversQuery = z.object({
  leavers: z.enum(['leave-out', 'include'], { message: messages.leaversChoice }).default('leave-out'),
});
export type LeaversQuery = z.input<typeof leaversQuery>;
