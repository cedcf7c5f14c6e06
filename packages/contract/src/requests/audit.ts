import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { dayField, pageField } from './common.ts';

/** A filter left empty in the form is sent as an empty value: it means no filter, like one left out. */
const optionalFilter = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** A day written yyyy-MM-dd, as the date inputs send it; empty means no bound. */
const optionalDay = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(dayField.optional());

/**
 * GET /api/audit and GET /api/audit/csv (decision 050): the filters of the audit log screen.
 * `staff` is a staff member's username, `action` the start of an action's name (`file` finds
 * `file.downloaded` and `file.uploaded`), `from` and `to` school days, both included. `page`
 * counts from 1; the CSV ignores it and holds every matching entry.
 */
export const auditQuery = z
  .object({
    staff: optionalFilter(100, 'A username has at most 100 characters.'),
    student_id: optionalFilter(limits.studentId, `A student ID has at most ${limits.studentId} characters.`),
    action: optionalFilter(60, 'An action has at most 60 characters.'),
    from: optionalDay,
    to: optionalDay,
    page: pageField,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: messages.endBeforeStart, path: ['to'] });
export type AuditQuery = z.output<typeof auditQuery>;
