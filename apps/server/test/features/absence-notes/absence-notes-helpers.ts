import { expect } from 'vitest';
import type { Db } from '../../../src/db/database.ts';
import { zonedDay } from '../../../src/lib/time-zone.ts';
import type { TestClient } from '../../helpers/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` after `date` (before it, when negative), yyyy-MM-dd. */
export const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Today on the school's clock (the default school's time zone). */
export const schoolToday = () => zonedDay(new Date(), 'America/Port_of_Spain');

/** The `n`th weekday before today (1: the last school day before today, as a note for "yesterday" names it). */
export function weekdayBefore(n: number, today = schoolToday()): string {
  let date = today;
  for (let found = 0; found < n;) {
    date = shiftDay(date, -1);
    if (isWeekday(date)) found += 1;
  }
  return date;
}

/** The `n`th weekday after today. */
export function weekdayAfter(n: number, today = schoolToday()): string {
  let date = today;
  for (let found = 0; found < n;) {
    date = shiftDay(date, 1);
    if (isWeekday(date)) found += 1;
  }
  return date;
}

/** The last Saturday before today: with the Sunday after it, a range of no school day. */
export function lastSaturday(today = schoolToday()): string {
  let date = shiftDay(today, -1);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = shiftDay(date, -1);
  return date;
}

/** A term around today (45 days back to 30 ahead), so that every weekday a note may cover is a school day. */
export async function termAroundToday(admin: TestClient): Promise<void> {
  const today = schoolToday();
  const answer = await admin.request('PUT', '/api/term-calendar', {
    terms: [{ year: Number(today.slice(0, 4)) - 1, term: '1', start_date: shiftDay(today, -45), end_date: shiftDay(today, 30) }],
    closed_days: [],
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A day record of the student: absent both sessions unless said otherwise. */
export async function dayRecord(db: Db, studentId: string, date: string, { am = 0, pm = 0 }: { am?: number; pm?: number } = {}): Promise<void> {
  await db
    .insertInto('attendance_records')
    .values({
      student_id: studentId,
      date_scanned: date,
      attendance_am: am,
      attendance_pm: pm,
      late: 0,
      time_in: am || pm ? '07:40:00' : null,
      time_out: am || pm ? '15:10:00' : null,
      time_scanned_in: am || pm ? '07:40:00' : null,
      time_scanned_out: am || pm ? '15:10:00' : null,
    })
    .execute();
}

/** The outbox's messages about absence notes, oldest first. */
export const noteMessages = (db: Db) =>
  db
    .selectFrom('outbox')
    .select(['recipient', 'guardian_id', 'subject', 'text_body', 'event', 'student_id'])
    .where('kind', '=', 'family_requests')
    .orderBy('id')
    .execute();
