import type { AttendanceRecord, Term } from '@school/contract';
import { zonedTimestamp } from '../../lib/time-zone.ts';

/** The term calendar as the counting needs it. */
export type Calendar = { terms: Term[]; closedDays: Set<string> };

/** The school's bell times, HH:mm in school time (decision 023). */
export type BellTimes = { dayStart: string; midday: string };

/** The school's wall clock now: its date (yyyy-MM-dd) and time (HH:mm:ss). */
export type SchoolClock = { date: string; time: string };

/** One school day counted for attendance: which of its two sessions have been held. */
export type SchoolDay = { date: string; am: boolean; pm: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The school's wall clock at `instant`. */
export function schoolClock(instant: Date, timeZone: string): SchoolClock {
  const stamp = zonedTimestamp(instant, timeZone);
  return { date: stamp.slice(0, 10), time: stamp.slice(11, 19) };
}

/** Every date from `from` to `to`, both included. */
export function* datesBetween(from: string, to: string): Generator<string> {
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += DAY_MS) yield new Date(day).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Whether the calendar makes `date` a school day: a weekday inside a term, not a closed day. */
const isSchoolDay = (calendar: Calendar, date: string): boolean =>
  isWeekday(date) && !calendar.closedDays.has(date) && calendar.terms.some((term) => term.start_date <= date && date <= term.end_date);

/** The calendar's school days from `from` to `to` (both included), whether or not they have come yet: the days an absence note covers. */
export const calendarSchoolDays = (calendar: Calendar, from: string, to: string): string[] =>
  [...datesBetween(from, to)].filter((date) => isSchoolDay(calendar, date));

/**
 * The school days between `from` and `to` (both included) that count for attendance, by the one
 * definition of decision 022: a weekday inside a term of the calendar, not a closed day, not after
 * today; today's AM session counts once the day has started (SCHOOL_DAY_START) and its PM session
 * once it is midday (SCHOOL_MIDDAY), in school time.
 */
export function schoolDays(calendar: Calendar, from: string, to: string, now: SchoolClock, bells: BellTimes): SchoolDay[] {
  const last = to < now.date ? to : now.date;
  const days: SchoolDay[] = [];
  for (const date of datesBetween(from, last)) {
    if (!isSchoolDay(calendar, date)) continue;
    if (date < now.date) days.push({ date, am: true, pm: true });
    else if (now.time >= `${bells.dayStart}:00`) days.push({ date, am: true, pm: now.time >= `${bells.midday}:00` });
  }
  return days;
}

/** The term whose dates hold today, else the last one that has begun; null when no term has begun. */
export function currentTerm(calendar: Calendar, today: string): Term | null {
  const begun = calendar.terms.filter((term) => term.start_date <= today).sort((a, b) => a.start_date.localeCompare(b.start_date));
  return begun.at(-1) ?? null;
}

/**
 * Figures in sessions (decision 022): sessions held, sessions she was present at, late mornings, and
 * sessions she was absent at that an accepted absence note excuses (decision 065), over the counted days.
 */
export type AttendanceFigures = { possible: number; present: number; lates: number; excused: number };

/** The sessions accepted absence notes cover, by date (decision 065): a date missing covers none. */
export type ExcusedSessions = Map<string, { am: boolean; pm: boolean }>;

/** The sessions a student's accepted notes cover, by date, each note's days from its first to its last. */
export function excusedSessionsOf(notes: Array<{ from_date: string; to_date: string; sessions: 'am' | 'pm' | 'both' }>): ExcusedSessions {
  const covered: ExcusedSessions = new Map();
  for (const note of notes)
    for (const date of datesBetween(note.from_date, note.to_date)) {
      const day = covered.get(date) ?? { am: false, pm: false };
      covered.set(date, { am: day.am || note.sessions !== 'pm', pm: day.pm || note.sessions !== 'am' });
    }
  return covered;
}

type DayMarks = Pick<AttendanceRecord, 'attendance_am' | 'attendance_pm'>;

/**
 * The sessions of a counted day an accepted note excuses (decision 065): those held that she was
 * absent at (no record: absent at both) and a note covers; null when none.
 */
export function excusedOn(day: SchoolDay, record: DayMarks | undefined, excused: ExcusedSessions): 'am' | 'pm' | 'both' | null {
  const covered = excused.get(day.date);
  if (!covered) return null;
  const am = day.am && covered.am && record?.attendance_am !== 1;
  const pm = day.pm && covered.pm && record?.attendance_pm !== 1;
  return am && pm ? 'both' : am ? 'am' : pm ? 'pm' : null;
}

/** Counts a student's attendance over the counted days from her day records and the sessions notes excuse; records of other days do not count. */
export function countAttendance(
  days: SchoolDay[],
  records: Array<Pick<AttendanceRecord, 'date_scanned' | 'attendance_am' | 'attendance_pm' | 'late'>>,
  excused: ExcusedSessions = new Map(),
): AttendanceFigures {
  const byDate = new Map(records.map((record) => [record.date_scanned, record]));
  let possible = 0;
  let present = 0;
  let lates = 0;
  let excusedSessions = 0;
  for (const day of days) {
    possible += Number(day.am) + Number(day.pm);
    const record = byDate.get(day.date);
    const excuse = excusedOn(day, record, excused);
    excusedSessions += excuse === 'both' ? 2 : excuse ? 1 : 0;
    if (!record) continue;
    if (day.am && record.attendance_am === 1) present += 1;
    if (day.pm && record.attendance_pm === 1) present += 1;
    if (day.am && record.late === 1) lates += 1;
  }
  return { possible, present, lates, excused: excusedSessions };
}
