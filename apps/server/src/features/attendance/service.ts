import { isRealDate, messages, type AttendanceRecord, type RecordedSession, type StudentAttendance } from '@school/contract';
import type { FamilyActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, NotFound } from '../../lib/errors.ts';
import { printedFor } from '../../lib/pdf/index.ts';
import { auditRead } from '../audit/index.ts';
import { renderAttendanceReport } from './attendance-report-pdf.ts';
import { attendanceRepository } from './repository.ts';
import {
  calendarSchoolDays,
  countAttendance,
  currentTerm,
  daysBetween,
  excusedOn,
  excusedSessionsOf,
  schoolClock,
  schoolDays,
  type AttendanceFigures,
  type ExcusedSessions,
  type SchoolDay,
} from './school-sessions.ts';
import { bellTimes, readCalendar } from './term-calendar.ts';

const textOrNull = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The student's name and class, or 404. */
async function requireStudent(deps: Deps, studentId: string) {
  const student = await attendanceRepository.findStudent(deps.db, studentId);
  if (!student) throw new NotFound(messages.noSuchStudent);
  return { id: student.id, first_name: textOrNull(student.first_name), last_name: textOrNull(student.last_name), class_id: textOrNull(student.class_id) };
}

/** The sessions one student's accepted absence notes excuse from `from` to `to` (decision 065). */
async function excusedSessions(deps: Deps, studentId: string, from: string, to: string): Promise<ExcusedSessions> {
  return excusedSessionsOf(await attendanceRepository.acceptedNotesOf(deps.db, [studentId], from, to));
}

/**
 * A student's attendance in a term, in sessions (decision 022): the one count the screen, the API,
 * the report and the report card use. A term missing from the calendar counts nothing.
 */
export async function termAttendanceSummary(deps: Deps, props: { studentId: string; year: number; term: string }): Promise<AttendanceFigures> {
  const calendar = await readCalendar(deps);
  const term = calendar.terms.find((candidate) => candidate.year === props.year && candidate.term === props.term);
  if (!term) return { possible: 0, present: 0, lates: 0, excused: 0 };
  const days = schoolDays(calendar, term.start_date, term.end_date, schoolClock(new Date(), deps.config.schoolTimeZone), bellTimes(deps));
  const records = await attendanceRepository.recordsBetween(deps.db, props.studentId, term.start_date, term.end_date);
  return countAttendance(days, records, await excusedSessions(deps, props.studentId, term.start_date, term.end_date));
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

type DayRecord = Omit<AttendanceRecord, 'excused'>;

/**
 * The day records as the attendance call answers them, newest first, each with the sessions an
 * accepted note excuses (decision 065); a counted day she missed whole, with no scan and so no
 * record, is listed too when a note excuses it, so that the table shows it as excused.
 */
function recordsWithExcuses(days: SchoolDay[], records: DayRecord[], excused: ExcusedSessions): AttendanceRecord[] {
  const counted = new Map(days.map((day) => [day.date, day]));
  const listed: AttendanceRecord[] = records.map((record) => {
    const day = counted.get(record.date_scanned);
    return { ...record, excused: day ? excusedOn(day, record, excused) : null };
  });
  const recorded = new Set(records.map((record) => record.date_scanned));
  for (const day of days) {
    const excuse = recorded.has(day.date) ? null : excusedOn(day, undefined, excused);
    if (excuse)
      listed.push({
        date_scanned: day.date,
        attendance_am: 0,
        attendance_pm: 0,
        late: 0,
        time_in: null,
        time_out: null,
        time_scanned_in: null,
        time_scanned_out: null,
        excused: excuse,
      });
  }
  return listed.sort((a, b) => b.date_scanned.localeCompare(a.date_scanned));
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
    return {
      ...base,
      term: null,
      year: null,
      term_start: null,
      term_end: null,
      possible_attendance: 0,
      attendance: 0,
      lates: 0,
      excused: 0,
      attendance_records: [],
    };
  const last = term.end_date < now.date ? term.end_date : now.date;
  const records = await attendanceRepository.recordsBetween(deps.db, studentId, term.start_date, last);
  const excused = await excusedSessions(deps, studentId, term.start_date, last);
  const days = schoolDays(calendar, term.start_date, term.end_date, now, bellTimes(deps));
  const figures = countAttendance(days, records, excused);
  return {
    ...base,
    term: term.term,
    year: term.year,
    term_start: term.start_date,
    term_end: term.end_date,
    possible_attendance: figures.possible,
    attendance: figures.present,
    lates: figures.lates,
    excused: figures.excused,
    attendance_records: recordsWithExcuses(days, records, excused),
  };
}

/** A school day an absence note covers, and what attendance recorded of each of its sessions (null: a session the note does not cover). */
export type RecordedDay = { date: string; am: RecordedSession | null; pm: RecordedSession | null; late: boolean };

/**
 * What attendance recorded on the school days of each range (decision 065): for each, the
 * calendar's school days from its first day to its last, oldest first, and for each session the
 * range covers whether she was present, absent, absent and excused by an accepted note, or whether
 * the session has not been held yet. One read of the calendar, the records and the accepted notes
 * for every range: the office's list of notes asks it for a page at once.
 */
export async function recordedDays(
  deps: Deps,
  ranges: Array<{ studentId: string; from: string; to: string; sessions: 'am' | 'pm' | 'both' }>,
): Promise<RecordedDay[][]> {
  if (ranges.length === 0) return [];
  const calendar = await readCalendar(deps);
  const now = schoolClock(new Date(), deps.config.schoolTimeZone);
  const students = [...new Set(ranges.map((range) => range.studentId))];
  const from = ranges.reduce((first, range) => (range.from < first ? range.from : first), ranges[0].from);
  const to = ranges.reduce((last, range) => (range.to > last ? range.to : last), ranges[0].to);
  const [records, notes] = [
    await attendanceRepository.recordsOf(deps.db, students, from, to),
    await attendanceRepository.acceptedNotesOf(deps.db, students, from, to),
  ];
  const recordOf = new Map(records.map((record) => [`${record.student_id} ${record.date_scanned}`, record]));
  const excusedOf = new Map(students.map((student) => [student, excusedSessionsOf(notes.filter((note) => note.student_id === student))]));
  const held = new Map(schoolDays(calendar, from, to, now, bellTimes(deps)).map((day) => [day.date, day]));
  return ranges.map((range) =>
    calendarSchoolDays(calendar, range.from, range.to).map((date) => {
      const record = recordOf.get(`${range.studentId} ${date}`);
      const day = held.get(date) ?? { date, am: false, pm: false };
      const excuse = excusedOn(day, record, excusedOf.get(range.studentId)!);
      const state = (session: 'am' | 'pm'): RecordedSession | null => {
        if (range.sessions !== 'both' && range.sessions !== session) return null;
        if (!day[session]) return 'not yet';
        if ((session === 'am' ? record?.attendance_am : record?.attendance_pm) === 1) return 'present';
        return excuse === 'both' || excuse === session ? 'excused' : 'absent';
      };
      return { date, am: state('am'), pm: state('pm'), late: day.am && record?.late === 1 };
    }),
  );
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
  const excused = await excusedSessions(deps, props.studentId, props.start, props.end);
  await auditRead(deps, actor, { action: 'attendance-report.viewed', studentId: props.studentId, detail: `${props.start} to ${props.end}` });
  return renderAttendanceReport(printedFor(actor), {
    schoolName: deps.config.schoolName,
    timeZone: deps.config.schoolTimeZone,
    printedAt: now,
    student,
    start: props.start,
    end: props.end,
    figures: countAttendance(days, records, excused),
    days,
    records,
    excused,
  });
}

/** The calendar's school days from `from` to `to`, whether or not they have come yet: the days an absence note covers (decision 065). */
export async function calendarDaysBetween(deps: Deps, from: string, to: string): Promise<string[]> {
  return calendarSchoolDays(await readCalendar(deps), from, to);
}
