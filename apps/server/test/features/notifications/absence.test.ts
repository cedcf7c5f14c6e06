import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import { multipart } from '../../helpers/multipart.ts';
import { recordEndedSchoolDays } from '../../../src/features/attendance/index.ts';
import { zonedLocalToUtc } from '../../../src/lib/time-zone.ts';
import { schoolClock } from '../../../src/features/attendance/school-sessions.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const table of [
    'outbox',
    'attendance_records',
    'attendance_scans',
    'absence_days',
    'absence_notices',
    'notification_stops',
    'terms',
    'student_leavers',
  ] as const)
    await t.db.deleteFrom(table).execute();
  await t.db.deleteFrom('students').execute();
  await switchAbsence(true);
  // A past autumn term, whose days do not depend on today, and a term around today for imports.
  await t.db
    .insertInto('terms')
    .values([
      { year: 2025, term: '1', start_date: '2025-09-08', end_date: '2025-12-12' },
      { year: 2026, term: '1', start_date: dayFromToday(-25), end_date: dayFromToday(25) },
    ])
    .execute();
});

const switchAbsence = (on: boolean) =>
  t.db
    .updateTable('notification_settings')
    .set({ enabled: on ? 1 : 0 })
    .where('kind', '=', 'absence')
    .execute();
const outbox = () => t.db.selectFrom('outbox').selectAll().orderBy('student_id').orderBy('recipient').orderBy('id').execute();
/** The school's wall clock at a local date and time. */
const at = (local: string) => new Date(zonedLocalToUtc(local, t.config.schoolTimeZone));
const today = () => schoolClock(new Date(), t.config.schoolTimeZone).date;
const dayFromToday = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The last weekday before today. */
const lastWeekday = () => [-1, -2, -3].map(dayFromToday).find((date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()))!;

async function addRecord(studentId: string, date: string, timeIn: string | null, late = 0) {
  await t.db
    .insertInto('attendance_records')
    .values({
      student_id: studentId,
      date_scanned: date,
      attendance_am: timeIn && timeIn < '12:00' ? 1 : 0,
      attendance_pm: timeIn ? 1 : 0,
      late,
      time_in: timeIn,
      time_out: null,
      time_scanned_in: timeIn,
      time_scanned_out: null,
    })
    .execute();
}

async function importCsv(csv: string) {
  const { payload, headers } = multipart({ dry_run: 'false' }, { name: 'scans.csv', bytes: Buffer.from(csv) });
  const response = await admin.request('POST', '/api/attendance-import', payload, headers);
  expect(response.statusCode).toBe(200);
  expect(response.json().errors).toEqual([]);
}

describe('absence and lateness messages at the end of the school day', () => {
  it('tells the parents of each absent or late student once, skipping stopped addresses, with the stop link', async () => {
    const absent = await createStudent(t.db, {
      first_name: 'Kezia',
      living_status: 'Both Parents',
      email: 'kezia@example.org',
      email_mother: 'joy@example.org',
      email_father: 'dev@example.org',
    });
    const late = await createStudent(t.db, {
      first_name: 'Anya',
      living_status: 'Mother Only',
      email_mother: 'ria@example.org',
      email_father: 'not-living-with@example.org',
    });
    const present = await createStudent(t.db, { first_name: 'Maya', living_status: 'Guardian', email_guardian: 'g@example.org' });
    const gone = await createStudent(t.db, { first_name: 'Lena', living_status: 'Guardian', email_guardian: 'gone@example.org' });
    const stopped = await createStudent(t.db, {
      first_name: 'Sita',
      living_status: 'Both Parents',
      email_mother: 'Stop@example.org',
      email_father: 'go@example.org',
    });
    await t.db.insertInto('student_leavers').values({ student_id: gone.id, left_on: '2025-11-01', reason: 'Moved away', rollover_id: null }).execute();
    await t.db
      .insertInto('notification_stops')
      .values({ student_id: stopped.id, recipient: 'stop@example.org', kind: 'absence', stopped_at: new Date().toISOString() })
      .execute();
    await addRecord(late.id, '2025-11-19', '08:20:00', 1);
    await addRecord(present.id, '2025-11-19', '07:40:00');

    // Before SCHOOL_DAY_END (15:00) the day is not over: only the days before it are taken (no scans: nothing to tell).
    expect(await recordEndedSchoolDays(t.app.deps, at('2025-11-19T14:59'))).toEqual(['2025-11-17', '2025-11-18']);
    expect(await outbox()).toEqual([]);

    expect(await recordEndedSchoolDays(t.app.deps, at('2025-11-19T15:00'))).toEqual(['2025-11-19']);
    const messages = await outbox();
    expect(messages.map((row) => [row.student_id, row.recipient, row.kind, row.status, row.event])).toEqual(
      [
        [absent.id, 'dev@example.org', 'absence', 'queued', 'attendance.day:2025-11-19'],
        [absent.id, 'joy@example.org', 'absence', 'queued', 'attendance.day:2025-11-19'],
        [late.id, 'ria@example.org', 'absence', 'queued', 'attendance.day:2025-11-19'],
        [stopped.id, 'go@example.org', 'absence', 'queued', 'attendance.day:2025-11-19'],
      ].sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`)),
    );
    const kezia = messages.find((row) => row.recipient === 'joy@example.org')!;
    expect(kezia.text_body).toContain('On Wednesday 19 November 2025, Kezia was absent.');
    const anya = messages.find((row) => row.student_id === late.id)!;
    expect(anya.text_body).toContain('On Wednesday 19 November 2025, Anya arrived at 08:20.');
    const links = [...anya.html_body.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replaceAll('&#38;', '&'));
    expect(links).toHaveLength(1);
    expect(links[0].startsWith(`${t.config.portalUrl}/api/notifications/stop?token=`)).toBe(true);

    // The stop link in the message stops them.
    // The parent opens it the next day (the link lasts the message's school year, 2025-2026) and presses its button.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-11-20T18:00:00Z') });
    const parent = new TestClient(t.app, '10.0.0.21');
    expect((await parent.get(links[0].slice(t.config.portalUrl.length))).statusCode).toBe(200);
    const stop = await parent.request('POST', links[0].slice(t.config.portalUrl.length), '', { 'content-type': 'application/x-www-form-urlencoded' });
    vi.useRealTimers();
    expect(stop.statusCode).toBe(200);
    expect((await outbox()).find((row) => row.id === anya.id)?.status).toBe('cancelled');

    // A later look, or a restart, takes nothing again.
    expect(await recordEndedSchoolDays(t.app.deps, at('2025-11-19T18:00'))).toEqual([]);
    expect(await outbox()).toHaveLength(4);
    const audit = await t.db.selectFrom('audit_log').select(['actor_kind', 'actor_id', 'detail']).where('action', '=', 'notification.queued').execute();
    expect(audit.at(-1)).toEqual({ actor_kind: 'system', actor_id: 'school day end', detail: '4 absence messages' });
  });

  it('after a restart, records an ended day of the last few that was missed, but not older ones', async () => {
    const student = await createStudent(t.db, { living_status: 'Mother Only', email_mother: 'mum@example.org' });
    const other = await createStudent(t.db);
    for (const date of ['2025-11-10', '2025-11-14', '2025-11-17']) await addRecord(other.id, date, '07:30:00');
    // The portal was stopped from Friday 14th to Tuesday 18th at 07:00: Friday and Monday are told, the 10th is too old.
    expect(await recordEndedSchoolDays(t.app.deps, at('2025-11-18T07:00'))).toEqual(['2025-11-14', '2025-11-17']);
    expect((await outbox()).map((row) => [row.student_id, row.event])).toEqual([
      [student.id, 'attendance.day:2025-11-14'],
      [student.id, 'attendance.day:2025-11-17'],
    ]);
  });

  it('takes the day but sends nothing while absence messages are switched off, so switching them on never sends old days', async () => {
    const student = await createStudent(t.db, { living_status: 'Mother Only', email_mother: 'mum@example.org' });
    await addRecord((await createStudent(t.db)).id, '2025-11-19', '07:30:00');
    await switchAbsence(false);
    expect(await recordEndedSchoolDays(t.app.deps, at('2025-11-19T15:30'))).toContain('2025-11-19');
    await switchAbsence(true);
    expect(await recordEndedSchoolDays(t.app.deps, at('2025-11-19T15:31'))).toEqual([]);
    expect(await outbox()).toEqual([]);
    expect(student.id).toBeTruthy();
  });

  it('writes each message once when many processes reach the end of the day together', async () => {
    const students = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createStudent(t.db, { living_status: 'Guardian', email_guardian: `g${index}@example.org` })),
    );
    await addRecord(students[0].id, '2025-11-19', '09:10:00', 1);
    const taken = await Promise.all(Array.from({ length: 50 }, () => recordEndedSchoolDays(t.app.deps, at('2025-11-19T15:05'))));
    expect(taken.flat().filter((date) => date === '2025-11-19')).toHaveLength(1);
    const messages = await outbox();
    expect(messages).toHaveLength(10);
    expect(new Set(messages.map((row) => row.student_id)).size).toBe(10);
  });
});

describe('absence and lateness messages from an attendance import', () => {
  it('tells an imported past day, sends one correction when her day changed after the message, and nothing for an old day', async () => {
    const day = lastWeekday();
    const kezia = await createStudent(t.db, { first_name: 'Kezia', living_status: 'Mother Only', email_mother: 'joy@example.org' });
    const other = await createStudent(t.db, { living_status: 'Guardian', email_guardian: 'g@example.org' });
    await importCsv(`Student ID,Date,Time In,Time Out\n${other.id},${day},07:30,15:00`);
    let messages = await outbox();
    expect(messages.map((row) => [row.recipient, row.subject.includes('correction')])).toEqual([['joy@example.org', false]]);
    expect(messages[0].text_body).toContain('Kezia was absent.');

    // The day's end finds it told already.
    await recordEndedSchoolDays(t.app.deps);
    expect(await outbox()).toHaveLength(1);

    // Her scan comes late: one correction, then nothing more for that day.
    await importCsv(`Student ID,Date,Time In,Time Out\n${kezia.id},${day},09:05,15:00`);
    messages = await outbox();
    expect(messages).toHaveLength(2);
    expect(messages[1].subject).toContain('correction');
    expect(messages[1].text_body).toContain('Correction to our earlier message: On');
    expect(messages[1].text_body).toContain('Kezia arrived at 09:05.');
    await importCsv(`Student ID,Date,Time In,Time Out\n${kezia.id},${day},07:10,15:00`);
    expect(await outbox()).toHaveLength(2);

    // An import of a day more than a few days back is history, not news.
    await importCsv(`Student ID,Date,Time In,Time Out\n${other.id},${dayFromToday(-12)},07:30,15:00`);
    expect(await outbox()).toHaveLength(2);
  });
});
