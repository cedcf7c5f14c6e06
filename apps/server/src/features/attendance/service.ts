import { createHash } from 'node:crypto';
import {
  messages,
  type AttendanceImportAnswer,
  type ClosedDay,
  type ScannerScan,
  type StudentAttendance,
  type Term,
  type TermCalendar,
} from '@school/contract';
import { z } from 'zod';
import type { Actor, AdminActor, SignedInActor } from '../../session/actor.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, invalidField, NotFound } from '../../lib/errors.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import { zonedLocalToUtc } from '../../lib/time-zone.ts';
import type { ReceivedFile } from '../../lib/uploads/index.ts';
import { readSpreadsheet, validateRows, type ImportColumn, type ImportError } from '../../lib/xlsx/index.ts';
import { writeAudit } from '../audit/index.ts';
import { renderAttendanceReport } from './attendance-report-pdf.ts';
import { attendanceRepository } from './repository.ts';
import { storeScans, type IncomingScan } from './scan-days.ts';
import {
  countAttendance,
  currentTerm,
  daysBetween,
  isIsoDate,
  schoolClock,
  schoolDays,
  type AttendanceFigures,
  type BellTimes,
  type Calendar,
} from './school-sessions.ts';

const bellTimes = (deps: Deps): BellTimes => ({ dayStart: deps.config.schoolDayStart, midday: deps.config.schoolMidday });

/** The calendar as the counting reads it. */
async function readCalendar(deps: Deps): Promise<Calendar> {
  const [terms, closed] = await Promise.all([attendanceRepository.listTerms(deps.db), attendanceRepository.listClosedDays(deps.db)]);
  return { terms, closedDays: new Set(closed.map((day) => day.date)) };
}

const textOrNull = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The student's name and class, or 404. */
async function requireStudent(deps: Deps, studentId: string) {
  const student = await attendanceRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound(messages.noSuchStudent);
  return { id: student.id, first_name: textOrNull(student.first_name), last_name: textOrNull(student.last_name), class_id: textOrNull(student.class_id) };
}

/**
 * A student's attendance in a term, in sessions (decision 022): the one count the screen, the API,
 * the report and the report card use. A term missing from the calendar counts nothing.
 */
export async function termAttendanceSummary(deps: Deps, props: { studentId: string; year: number; term: string }): Promise<AttendanceFigures> {
  const calendar = await readCalendar(deps);
  const term = calendar.terms.find((candidate) => candidate.year === props.year && candidate.term === props.term);
  if (!term) return { possible: 0, present: 0, lates: 0 };
  const days = schoolDays(calendar, term.start_date, term.end_date, schoolClock(new Date(), deps.config.schoolTimeZone), bellTimes(deps));
  const records = await attendanceRepository.recordsBetween(deps.db, props.studentId, term.start_date, term.end_date);
  return countAttendance(days, records);
}

/**
 * A term's attendance for the report card: counted from card scans as everywhere else, or null when
 * the term is not in the calendar or the school recorded no scans in it (a term from before the
 * card system), so that the figures imported with the term's results are printed instead.
 */
export async function scannedTermAttendance(deps: Deps, props: { studentId: string; year: number; term: string }): Promise<AttendanceFigures | null> {
  const term = (await readCalendar(deps)).terms.find((candidate) => candidate.year === props.year && candidate.term === props.term);
  if (!term || !(await attendanceRepository.anyRecordBetween(deps.db, term.start_date, term.end_date))) return null;
  return termAttendanceSummary(deps, props);
}

/** `GET /api/student-attendance/{id}`: the current term's figures and day records (SPEC §7). */
export async function studentAttendance(deps: Deps, actor: SignedInActor, studentId: string): Promise<StudentAttendance> {
  const student = await requireStudent(deps, studentId);
  const calendar = await readCalendar(deps);
  const now = schoolClock(new Date(), deps.config.schoolTimeZone);
  const term = currentTerm(calendar, now.date);
  const base = { student_id: student.id, first_name: student.first_name, last_name: student.last_name, class_id: student.class_id };
  if (!term)
    return { ...base, term: null, year: null, term_start: null, term_end: null, possible_attendance: 0, attendance: 0, lates: 0, attendance_records: [] };
  const last = term.end_date < now.date ? term.end_date : now.date;
  const records = await attendanceRepository.recordsBetween(deps.db, studentId, term.start_date, last);
  const figures = countAttendance(schoolDays(calendar, term.start_date, term.end_date, now, bellTimes(deps)), records);
  return {
    ...base,
    term: term.term,
    year: term.year,
    term_start: term.start_date,
    term_end: term.end_date,
    possible_attendance: figures.possible,
    attendance: figures.present,
    lates: figures.lates,
    attendance_records: records,
  };
}

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366;

/** Checks a report's range, answering 400 with the reason: both dates real yyyy-MM-dd dates, the end not before the start, at most a year. */
export function checkReportRange(start: string, end: string): void {
  for (const [field, value] of [
    ['start', start],
    ['end', end],
  ] as const) {
    if (!isIsoDate(value))
      throw new HttpError(400, `The ${field} date '${value.slice(0, 20)}' is not a date written yyyy-MM-dd.`, { [field]: ['Use a date written yyyy-MM-dd.'] });
  }
  if (end < start) throw new HttpError(400, 'The end date is before the start date.', { end: ['The end date is before the start date.'] });
  if (daysBetween(start, end) > MAX_REPORT_DAYS)
    throw new HttpError(400, 'A report covers at most one year: choose a shorter range.', { end: ['At most one year after the start date.'] });
}

/** The attendance report PDF for a date range (SPEC §2); every view is written to the audit log. */
export async function attendanceReportPdf(deps: Deps, actor: SignedInActor, props: { studentId: string; start: string; end: string }): Promise<Buffer> {
  checkReportRange(props.start, props.end);
  const student = await requireStudent(deps, props.studentId);
  const calendar = await readCalendar(deps);
  const now = new Date();
  const days = schoolDays(calendar, props.start, props.end, schoolClock(now, deps.config.schoolTimeZone), bellTimes(deps));
  const records = await attendanceRepository.recordsBetween(deps.db, props.studentId, props.start, props.end);
  await writeAudit(deps.db, actor, { action: 'attendance-report.viewed', studentId: props.studentId, detail: `${props.start} to ${props.end}` });
  return renderAttendanceReport(printedFor(actor), {
    schoolName: deps.config.schoolName,
    timeZone: deps.config.schoolTimeZone,
    printedAt: now,
    student,
    start: props.start,
    end: props.end,
    figures: countAttendance(days, records),
    days,
    records,
  });
}

/** The term calendar, terms in date order. */
export async function termCalendar(deps: Deps): Promise<TermCalendar> {
  const [terms, closed_days] = await Promise.all([attendanceRepository.listTerms(deps.db), attendanceRepository.listClosedDays(deps.db)]);
  return { terms, closed_days };
}

/** Replaces the term calendar after checking it: each term ends after it starts, terms do not overlap, a day is closed once. */
export async function saveTermCalendar(deps: Deps, actor: AdminActor, calendar: TermCalendar): Promise<TermCalendar> {
  const terms: Term[] = [...calendar.terms].sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (const [index, term] of terms.entries()) {
    if (!isIsoDate(term.start_date) || !isIsoDate(term.end_date))
      throw invalidField('terms', `Term ${term.term} of ${term.year} needs real dates (yyyy-MM-dd).`);
    if (term.end_date < term.start_date) throw invalidField('terms', `Term ${term.term} of ${term.year} ends before it starts.`);
    if (daysBetween(term.start_date, term.end_date) > 200) throw invalidField('terms', `Term ${term.term} of ${term.year} is longer than 200 days.`);
    const next = terms[index + 1];
    if (next && next.start_date <= term.end_date)
      throw invalidField('terms', `Term ${next.term} of ${next.year} starts before term ${term.term} of ${term.year} ends.`);
    if (terms.some((other) => other !== term && other.year === term.year && other.term === term.term))
      throw invalidField('terms', `Term ${term.term} of ${term.year} is listed twice.`);
  }
  const closed = new Map<string, ClosedDay>();
  for (const day of calendar.closed_days) {
    if (!isIsoDate(day.date)) throw invalidField('closed_days', `${day.date} is not a date written yyyy-MM-dd.`);
    if (closed.has(day.date)) throw invalidField('closed_days', `${day.date} is listed twice.`);
    closed.set(day.date, { date: day.date, reason: day.reason.trim() });
  }
  await deps.writeTransaction(async (trx) => {
    await attendanceRepository.replaceCalendar(trx, terms, [...closed.values()]);
    await writeAudit(trx, actor, { action: 'term-calendar.changed', detail: `${terms.length} terms, ${closed.size} closed days` });
  });
  return termCalendar(deps);
}

// ——— Scans ———

/** A scan id made from what a file's row says, so importing the same file again finds the same scans. */
const fileScanId = (studentId: string, date: string, time: string, direction: string) =>
  `file-${createHash('sha256').update(`${studentId}|${date}|${time}|${direction}`).digest('hex').slice(0, 32)}`;

type ScanField = 'student_id' | 'date' | 'time_in' | 'time_out' | 'time' | 'direction';

/** The card system's export: one row per student per day (Time In, Time Out) or one row per scan (Time, and Direction when it has one). */
export const scanFileColumns: Array<ImportColumn<ScanField>> = [
  { field: 'student_id', header: 'Student ID', aliases: ['id', 'student', 'card id'], required: true },
  { field: 'date', header: 'Date', aliases: ['date scanned', 'scan date'], required: true },
  { field: 'time_in', header: 'Time In', aliases: ['in'] },
  { field: 'time_out', header: 'Time Out', aliases: ['out'] },
  { field: 'time', header: 'Time', aliases: ['scan time', 'time scanned'] },
  { field: 'direction', header: 'Direction', aliases: ['in out', 'type'] },
];

const pad = (value: number) => String(value).padStart(2, '0');

/** A date cell: an Excel date, or text yyyy-MM-dd. */
const dateCell = z.union([z.date(), z.string()]).transform((value, context) => {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value.trim();
  if (!isIsoDate(text)) {
    context.addIssue({ code: 'custom', message: 'Write the date as yyyy-MM-dd.' });
    return z.NEVER;
  }
  return text;
});

/** A time cell: an Excel time, a fraction of a day, or text HH:mm or HH:mm:ss; as HH:mm:ss. */
const timeCell = z
  .union([z.date(), z.number(), z.string()])
  .nullable()
  .transform((value, context) => {
    if (value === null) return null;
    if (value instanceof Date) return `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    if (typeof value === 'number') {
      if (value < 0 || value >= 1) {
        context.addIssue({ code: 'custom', message: 'Write the time as HH:mm.' });
        return z.NEVER;
      }
      const seconds = Math.round(value * 86400);
      return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
    }
    const match = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value.trim());
    if (!match) {
      context.addIssue({ code: 'custom', message: 'Write the time as HH:mm.' });
      return z.NEVER;
    }
    return `${pad(Number(match[1]))}:${match[2]}:${match[3] ?? '00'}`;
  });

const scanRowSchema = z
  .object({
    student_id: z.union([z.string(), z.number()], { message: messages.studentIdMissing }).transform((value) => String(value).trim()),
    date: dateCell,
    time_in: timeCell,
    time_out: timeCell,
    time: timeCell,
    direction: z
      .string()
      .nullable()
      .transform((value, context) => {
        if (value === null) return null;
        const direction = value.trim().toLowerCase();
        if (direction !== 'in' && direction !== 'out') {
          context.addIssue({ code: 'custom', message: "The direction is 'in' or 'out'." });
          return z.NEVER;
        }
        return direction as 'in' | 'out';
      }),
  })
  .refine((row) => row.time_in !== null || row.time_out !== null || row.time !== null, {
    message: 'The row has no time in, time out or time.',
    path: ['time_in'],
  });

/** A wall-clock date and time of the school as an instant. */
const schoolInstant = (date: string, time: string, timeZone: string): Date =>
  new Date(Date.parse(zonedLocalToUtc(`${date}T${time.slice(0, 5)}`, timeZone)) + Number(time.slice(6, 8)) * 1000);

/** The scans a file's rows hold: undirected scans of a day are 'in' for the earliest and 'out' for the rest. */
function scansOfRows(rows: Array<z.output<typeof scanRowSchema>>, timeZone: string): Array<IncomingScan & { date: string; time: string }> {
  const scans: Array<IncomingScan & { date: string; time: string }> = [];
  const add = (studentId: string, date: string, time: string, direction: 'in' | 'out') =>
    scans.push({
      scan_id: fileScanId(studentId, date, time, direction),
      student_id: studentId,
      scanned_at: schoolInstant(date, time, timeZone),
      direction,
      date,
      time,
    });
  const undirected = new Map<string, { studentId: string; date: string; times: string[] }>();
  for (const row of rows) {
    if (row.time_in) add(row.student_id, row.date, row.time_in, 'in');
    if (row.time_out) add(row.student_id, row.date, row.time_out, 'out');
    if (row.time && row.direction) add(row.student_id, row.date, row.time, row.direction);
    else if (row.time) {
      const key = `${row.student_id} ${row.date}`;
      const entry = undirected.get(key) ?? { studentId: row.student_id, date: row.date, times: [] };
      entry.times.push(row.time);
      undirected.set(key, entry);
    }
  }
  for (const { studentId, date, times } of undirected.values()) times.sort().forEach((time, index) => add(studentId, date, time, index === 0 ? 'in' : 'out'));
  return scans;
}

/**
 * Imports the card system's export (decision 023): every row checked, unknown students refused, a
 * dry run that changes nothing, and scans kept once by a scan id made from their content, so the
 * same file imported twice adds nothing. With any error nothing is imported.
 */
export async function importAttendanceScans(deps: Deps, actor: AdminActor, props: { dry_run: boolean; file: ReceivedFile }): Promise<AttendanceImportAnswer> {
  const dryRun = props.dry_run;
  const zone = deps.config.schoolTimeZone;
  const { rows, errors: readErrors } = await readSpreadsheet(props.file, scanFileColumns);
  const { valid, errors: rowErrors } = validateRows(rows, scanFileColumns, scanRowSchema);
  const errors: ImportError[] = [...readErrors, ...rowErrors];
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 0, column: null, message: 'The file has no rows of scans.' });
  const known = await attendanceRepository.existingStudentIds(
    deps.db,
    valid.map((row) => row.value.student_id),
  );
  for (const { row, value } of valid)
    if (!known.has(value.student_id)) errors.push({ row, column: 'Student ID', message: `There is no student with ID ${value.student_id}.` });
  const scans = scansOfRows(
    valid.map((row) => row.value),
    zone,
  );
  const unique = [...new Map(scans.map((scan) => [scan.scan_id, scan])).values()];
  const seen = await attendanceRepository.knownScanIds(
    deps.db,
    unique.map((scan) => scan.scan_id),
  );
  const fresh = unique.filter((scan) => !seen.has(scan.scan_id));
  const answer = {
    dry_run: dryRun,
    rows: rows.length,
    scans: unique.length,
    new_scans: fresh.length,
    duplicates: unique.length - fresh.length,
    days: new Set(fresh.map((scan) => `${scan.student_id} ${scan.date}`)).size,
    preview: unique.slice(0, 20).map((scan) => ({
      student_id: scan.student_id,
      date: scan.date,
      time: scan.time.slice(0, 5),
      direction: scan.direction,
      new: seen.has(scan.scan_id) ? 'no' : 'yes',
    })),
    errors: errors.sort((a, b) => a.row - b.row),
  };
  if (dryRun || errors.length > 0) return answer;
  const stored = await deps.writeTransaction(async (trx) => {
    const result = await storeScans(trx, fresh, { source: 'import', timeZone: zone, bells: bellTimes(deps) });
    await writeAudit(trx, actor, {
      action: 'attendance.imported',
      detail: `${result.kept.size} new scans, ${result.days} student days from ${rows.length} rows`,
    });
    return result;
  });
  return { ...answer, new_scans: stored.kept.size, duplicates: unique.length - stored.kept.size, days: stored.days };
}

/**
 * Takes a scanner's batch: scans of unknown students are refused one by one, a scan id seen before
 * is counted as a duplicate and changes nothing, the rest update the students' records at once.
 */
export async function receiveScannerBatch(
  deps: Deps,
  actor: Actor,
  scanner: { name: string },
  batch: ScannerScan[],
): Promise<{ accepted: number; duplicates: number; rejected: Array<{ scan_id: string; message: string }> }> {
  const known = await attendanceRepository.existingStudentIds(
    deps.db,
    batch.map((scan) => scan.student_id),
  );
  const rejected: Array<{ scan_id: string; message: string }> = [];
  const good: IncomingScan[] = [];
  const inBatch = new Set<string>();
  for (const scan of batch) {
    if (!known.has(scan.student_id)) rejected.push({ scan_id: scan.scan_id, message: `There is no student with ID ${scan.student_id}.` });
    else if (!inBatch.has(scan.scan_id)) {
      inBatch.add(scan.scan_id);
      good.push({ scan_id: scan.scan_id, student_id: scan.student_id, scanned_at: new Date(scan.scanned_at), direction: scan.direction });
    }
  }
  const { kept } = await deps.writeTransaction(async (trx) => {
    const result = await storeScans(trx, good, { source: `scanner:${scanner.name}`, timeZone: deps.config.schoolTimeZone, bells: bellTimes(deps) });
    if (result.kept.size > 0)
      await writeAudit(trx, actor, {
        action: 'attendance.scans-received',
        attempted: `scanner:${scanner.name}`,
        detail: `${result.kept.size} scans from scanner ${scanner.name}`,
      });
    return result;
  });
  return { accepted: kept.size, duplicates: batch.length - rejected.length - kept.size, rejected };
}
