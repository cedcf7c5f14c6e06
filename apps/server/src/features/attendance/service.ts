import { isRealDate, messages, type StudentAttendance } from '@school/contract';
import type { FamilyActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, NotFound } from '../../lib/errors.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import { auditRead } from '../audit/index.ts';
import { renderAttendanceReport } from './attendance-report-pdf.ts';
import { attendanceRepository } from './repository.ts';
import { countAttendance, currentTerm, daysBetween, schoolClock, schoolDays, type AttendanceFigures } from './school-sessions.ts';
import { bellTimes, readCalendar } from './term-calendar.ts';

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

/** `GET /api/student-attendance/{id}`: the current term's figures and day records (SPEC §7). A read by staff or a guardian is audited. */
export async function studentAttendance(deps: Deps, actor: FamilyActor, studentId: string): Promise<StudentAttendance> {
  const student = await requireStudent(deps, studentId);
  await auditRead(deps, actor, { action: 'attendance.viewed', studentId }, { notHerOwn: true });
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

/** Every day of scans the student has, oldest first: for her own copy of her data (decision 050). */
export async function attendanceHistory(deps: Deps, studentId: string) {
  return attendanceRepository.allRecords(deps.db, studentId);
}

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366;

/** Checks a report's range, answering 400 with the reason: both dates real yyyy-MM-dd dates, the end not before the start, at most a year. */
export function checkReportRange(start: string, end: string): void {
  for (const [field, value] of [
    ['start', start],
    ['end', end],
  ] as const) {
    if (!isRealDate(value)) throw new HttpError(400, messages.reportDay(field, value.slice(0, 20)), { [field]: [messages.dayShape] });
  }
  if (end < start) throw new HttpError(400, messages.endBeforeStart, { end: [messages.endBeforeStart] });
  if (daysBetween(start, end) > MAX_REPORT_DAYS) throw new HttpError(400, messages.reportTooLong, { end: [messages.reportTooLongEnd] });
}

/** The attendance report PDF for a date range (SPEC §2); every view is written to the audit log. */
export async function attendanceReportPdf(deps: Deps, actor: FamilyActor, props: { studentId: string; start: string; end: string }): Promise<Buffer> {
  checkReportRange(props.start, props.end);
  const student = await requireStudent(deps, props.studentId);
  const calendar = await readCalendar(deps);
  const now = new Date();
  const days = schoolDays(calendar, props.start, props.end, schoolClock(now, deps.config.schoolTimeZone), bellTimes(deps));
  const records = await attendanceRepository.recordsBetween(deps.db, props.studentId, props.start, props.end);
  await auditRead(deps, actor, { action: 'attendance-report.viewed', studentId: props.studentId, detail: `${props.start} to ${props.end}` });
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
