import { z } from 'zod';
import { calendarTermSchema, closedDaySchema } from '../responses/attendance.ts';
import { messages } from '../messages.ts';
import { dryRunField } from './common.ts';

/** The earliest scan a scanner may send, and how far ahead of the server's clock (decision 038). */
const EARLIEST_SCAN = Date.parse('2000-01-01T00:00:00Z');
const SCAN_CLOCK_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * A scan from before 2000 or more than a day ahead is a scanner whose clock was never set (or a
 * forged batch): refused, so it never becomes an attendance day nobody lived.
 */
function isPlausibleScanTime(instant: string): boolean {
  const at = Date.parse(instant);
  return at >= EARLIEST_SCAN && at <= Date.now() + SCAN_CLOCK_AHEAD_MS;
}

/** PUT /api/term-calendar: the whole calendar, replacing the one kept (decision 022). */
export const termCalendarRequest = z.object({ terms: z.array(calendarTermSchema).max(30), closed_days: z.array(closedDaySchema).max(400) });
export type TermCalendarRequest = z.input<typeof termCalendarRequest>;

/** POST /api/attendance-import (multipart, the file last): `dry_run` (decision 023). */
export const attendanceImportRequest = z.object({ dry_run: dryRunField });

/** One scan of a scanner's batch (decision 023). */
export const scannerScanSchema = z.object({
  scan_id: z.string().trim().min(1).max(100),
  student_id: z.string().trim().min(1).max(20),
  /** An ISO-8601 instant with its offset or Z, e.g. 2026-11-23T07:41:09-04:00. */
  scanned_at: z.iso
    .datetime({ offset: true, message: 'scanned_at must be an ISO-8601 date and time with its offset, e.g. 2026-11-23T07:41:09-04:00.' })
    .refine(isPlausibleScanTime, messages.scanTimeRange),
  direction: z.enum(['in', 'out'], { message: "direction is 'in' or 'out'." }),
});
export type ScannerScan = z.output<typeof scannerScanSchema>;

/** POST /api/attendance-scans: a scanner's batch, sent with its own bearer token. */
export const scannerBatchRequest = z.array(scannerScanSchema).min(1, 'Send at least one scan.').max(1000, 'Send at most 1,000 scans at a time.');
