import { z } from 'zod';
import { importAnswerSchema } from './imports.ts';

export { attendancePercentages } from '../attendance.ts';

const flag = z.number().int().min(0).max(1);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One school day of a student's attendance (SPEC §7): times are school time, HH:mm:ss, or null when there was no scan. */
export const attendanceRecordSchema = z
  .object({
    date_scanned: isoDate,
    attendance_am: flag,
    attendance_pm: flag,
    late: flag,
    time_in: z.string().nullable(),
    time_out: z.string().nullable(),
    time_scanned_in: z.string().nullable(),
    time_scanned_out: z.string().nullable(),
    /**
     * The sessions of the day she was absent at that an accepted absence note covers (decision 065):
     * 'am', 'pm' or 'both'; null when none. A day she was away all day with no scan at all is listed
     * with both sessions absent when a note excuses it.
     */
    excused: z.enum(['am', 'pm', 'both']).nullable(),
  })
  .meta({ id: 'AttendanceRecord' });
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/**
 * `GET /api/student-attendance/{student id}` (SPEC §7): the current term's figures, counted in
 * sessions by decision 022 (`possible_attendance` AM and PM sessions held so far, `attendance`
 * sessions present, `lates` late mornings, `excused` absent sessions an accepted note covers), with
 * the day-by-day records, newest first.
 */
export const studentAttendanceSchema = z
  .object({
    student_id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    class_id: z.string().nullable(),
    /** '1', '2' or '3' (Michaelmas, Hilary, Trinity), or null when today is in no term of the calendar. */
    term: z.string().nullable(),
    /** The academic year's first year (2026 for 2026-2027), or null outside the calendar. */
    year: z.number().int().nullable(),
    term_start: isoDate.nullable(),
    term_end: isoDate.nullable(),
    possible_attendance: z.number().int(),
    attendance: z.number().int(),
    lates: z.number().int(),
    /** Sessions she was absent at that an accepted absence note excuses (decision 065): counted apart from the other absences. */
    excused: z.number().int(),
    attendance_records: z.array(attendanceRecordSchema),
  })
  .meta({ id: 'StudentAttendance' });
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;

export const calendarTermSchema = z
  .object({
    year: z.number().int().min(2000).max(2100),
    term: z.enum(['1', '2', '3']),
    start_date: isoDate,
    end_date: isoDate,
  })
  .meta({ id: 'Term' });
export type Term = z.infer<typeof calendarTermSchema>;

export const closedDaySchema = z
  .object({
    date: isoDate,
    reason: z.string().trim().min(1, 'Say why the school is closed.').max(60),
  })
  .meta({ id: 'ClosedDay' });
export type ClosedDay = z.infer<typeof closedDaySchema>;

/** The term calendar (decision 022): terms with their dates and the weekdays the school is closed. */
export const termCalendarSchema = z.object({ terms: z.array(calendarTermSchema), closed_days: z.array(closedDaySchema) }).meta({ id: 'TermCalendar' });
export type TermCalendar = z.infer<typeof termCalendarSchema>;

/** The answer to a scanner's batch (decision 023): how many scans were new, how many were seen before, and each refused scan. */
export const scanBatchAnswerSchema = z
  .object({
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.array(z.object({ scan_id: z.string(), message: z.string() })),
  })
  .meta({ id: 'ScanBatchAnswer' });
export type ScanBatchAnswer = z.infer<typeof scanBatchAnswerSchema>;

/** The attendance import's answer: data rows read, scans they hold, scans new to the portal, scans seen before, and student days updated. */
export const attendanceImportAnswerSchema = importAnswerSchema({
  rows: z.number().int(),
  scans: z.number().int(),
  new_scans: z.number().int(),
  duplicates: z.number().int(),
  days: z.number().int(),
}).meta({ id: 'AttendanceImportAnswer' });
export type AttendanceImportAnswer = z.infer<typeof attendanceImportAnswerSchema>;
