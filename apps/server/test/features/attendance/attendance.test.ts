import { attendancePercentages, messages } from '@school/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.ts';
import type { Deps } from '../../../src/lib/deps.ts';
import { dayRecord } from '../../../src/features/attendance/scan-days.ts';
import { createScannerToken, revokeScannerToken, termAttendanceSummary } from '../../../src/features/attendance/index.ts';
import { SCANNER_BATCHES_PER_MINUTE } from '../../../src/features/attendance/routes.ts';
import { schoolClock } from '../../../src/features/attendance/school-sessions.ts';
import { renderPdf, schoolDocument } from '../../../src/lib/pdf/index.ts';
import { zonedLocalToUtc } from '../../../src/lib/time-zone.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

let t: TestApp;
let admin: TestClient;
/** A past two-week term (Monday to Friday twice) ending last Friday, so no session of it depends on the time of day. */
let term: { start: string; end: string; closed: string };
let year: number;

function multipart(fields: Record<string, string>, file: { name: string; text?: string; bytes?: Buffer }) {
  const boundary = '----attendance-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  );
  parts.push(file.bytes ?? Buffer.from(file.text ?? ''), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importFile(file: { name: string; text?: string; bytes?: Buffer }, dryRun: boolean) {
  const { body, contentType } = multipart({ dry_run: dryRun ? 'true' : 'false' }, file);
  return admin.request('POST', '/api/attendance-import', body, { 'content-type': contentType });
}

const importCsv = (text: string, dryRun: boolean) => importFile({ name: 'scans.csv', text }, dryRun);

async function setCalendar(
  terms: Array<{ year: number; term: string; start_date: string; end_date: string }>,
  closed: Array<{ date: string; reason: string }> = [],
) {
  const response = await admin.put('/api/term-calendar', { terms, closed_days: closed });
  expect(response.statusCode).toBe(200);
}

async function addRecord(studentId: string, date: string, fields: { am?: number; pm?: number; late?: number; timeIn?: string | null } = {}) {
  await t.db
    .insertInto('attendance_records')
    .values({
      student_id: studentId,
      date_scanned: date,
      attendance_am: fields.am ?? 1,
      attendance_pm: fields.pm ?? 1,
      late: fields.late ?? 0,
      time_in: fields.timeIn === undefined ? '07:40:00' : fields.timeIn,
      time_out: '15:10:00',
      time_scanned_in: fields.timeIn === undefined ? '07:40:00' : fields.timeIn,
      time_scanned_out: '15:10:00',
    })
    .execute();
}

async function signedInStudent(fields: Record<string, string> = {}): Promise<{ student: TestStudent; client: TestClient }> {
  const student = await createStudent(t.db, fields, { password: STUDENT_PASSWORD });
  const client = new TestClient(t.app, `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  await signInAsStudent(client, student.id);
  return { student, client };
}

const schoolDaysOf = () => {
  const days: string[] = [];
  for (let date = term.start; date <= term.end; date = shift(date, 1)) if (![0, 6].includes(weekdayOf(date)) && date !== term.closed) days.push(date);
  return days;
};

beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
  admin = new TestClient(t.app, '10.9.9.9');
  await signInAsAdmin(admin);
  const today = schoolClock(new Date(), t.config.schoolTimeZone).date;
  let lastFriday = shift(today, -1);
  while (weekdayOf(lastFriday) !== 5) lastFriday = shift(lastFriday, -1);
  term = { start: shift(lastFriday, -11), end: lastFriday, closed: shift(lastFriday, -9) };
  year = Number(term.start.slice(0, 4));
});
afterAll(() => t.close());

beforeEach(async () => {
  await setCalendar([{ year, term: '1', start_date: term.start, end_date: term.end }], [{ date: term.closed, reason: 'Mid-term break' }]);
});

describe('GET /api/student-attendance/{id}', () => {
  it('answers the spec’s shape for the current term, counted in sessions, and is never cached', async () => {
    const { student, client } = await signedInStudent({ first_name: 'Naomi', class_id: '3B' });
    const days = schoolDaysOf();
    expect(days).toHaveLength(9);
    await addRecord(student.id, days[0], { late: 1, timeIn: '08:12:00' });
    await addRecord(student.id, days[1], { am: 0, pm: 0, timeIn: null });
    await addRecord(student.id, days[2], { pm: 0 });
    await addRecord(student.id, term.closed); // a scan on a closed day counts for nothing
    const response = await client.get(`/api/student-attendance/${student.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      student_id: student.id,
      first_name: 'Naomi',
      class_id: '3B',
      term: '1',
      year,
      term_start: term.start,
      term_end: term.end,
      possible_attendance: 18,
      attendance: 3,
      lates: 1,
      excused: 0,
    });
    expect(body.attendance_records).toHaveLength(4);
    expect(body.attendance_records[0]).toEqual(
      expect.objectContaining({ date_scanned: days[2], attendance_am: 1, attendance_pm: 0, late: 0, time_in: '07:40:00', time_out: '15:10:00' }),
    );
    expect(Object.keys(body.attendance_records[0]).sort()).toEqual(
      ['attendance_am', 'attendance_pm', 'date_scanned', 'late', 'time_in', 'time_out', 'time_scanned_in', 'time_scanned_out', 'excused'].sort(),
    );
    expect(attendancePercentages(body)).toEqual({ present: 17, punctual: 67 });
  });

  it('gives a student only her own attendance, an admin anyone’s, and a visitor nothing', async () => {
    const { student, client } = await signedInStudent();
    const other = await createStudent(t.db);
    expect((await client.get(`/api/student-attendance/${other.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/student-attendance/${student.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/student-attendance/19990001')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/student-attendance/${student.id}`)).statusCode).toBe(401);
  });

  it('counts nothing possible when no term has begun, and both percentages are then 0', async () => {
    const { student, client } = await signedInStudent();
    await setCalendar([{ year: year + 1, term: '1', start_date: shift(term.end, 300), end_date: shift(term.end, 380) }]);
    const body = (await client.get(`/api/student-attendance/${student.id}`)).json();
    expect(body).toMatchObject({ term: null, possible_attendance: 0, attendance: 0, lates: 0, attendance_records: [] });
    expect(attendancePercentages(body)).toEqual({ present: 0, punctual: 0 });
  });

  it('shows 0 % for a student with no attendance yet: every session possible, none attended', async () => {
    const { student, client } = await signedInStudent();
    const body = (await client.get(`/api/student-attendance/${student.id}`)).json();
    expect(body).toMatchObject({ possible_attendance: 18, attendance: 0, lates: 0, attendance_records: [] });
    expect(attendancePercentages(body)).toEqual({ present: 0, punctual: 0 });
  });

  it('counts a late every morning as one late a day: present every session, punctual in half of them', async () => {
    const { student, client } = await signedInStudent();
    for (const day of schoolDaysOf()) await addRecord(student.id, day, { late: 1, timeIn: '08:30:00' });
    const body = (await client.get(`/api/student-attendance/${student.id}`)).json();
    expect(body).toMatchObject({ possible_attendance: 18, attendance: 18, lates: 9 });
    expect(attendancePercentages(body)).toEqual({ present: 100, punctual: 50 });
    expect(attendancePercentages({ possible_attendance: 2, attendance: 1, lates: 1 })).toEqual({ present: 50, punctual: 0 });
  });

  it('termAttendanceSummary gives the same count as the call, and nothing for a term not in the calendar', async () => {
    const { student, client } = await signedInStudent();
    const days = schoolDaysOf();
    await addRecord(student.id, days[3], { late: 1 });
    await addRecord(student.id, days[4]);
    const body = (await client.get(`/api/student-attendance/${student.id}`)).json();
    const deps = t.app.deps as Deps;
    expect(await termAttendanceSummary(deps, { studentId: student.id, year, term: '1' })).toEqual({
      possible: body.possible_attendance,
      present: body.attendance,
      lates: body.lates,
      excused: body.excused,
    });
    expect(await termAttendanceSummary(deps, { studentId: student.id, year, term: '2' })).toEqual({ possible: 0, present: 0, lates: 0, excused: 0 });
  });
});

describe('GET /api/student-attendance-report/{id}/{start}/{end}', () => {
  it('prints the student, the range, the totals with both percentages, and each school day with late days marked', async () => {
    const { student, client } = await signedInStudent({ first_name: 'Shanice', last_name: 'Baptiste', class_id: '2C' });
    const days = schoolDaysOf();
    await addRecord(student.id, days[0], { late: 1, timeIn: '08:20:00' });
    await addRecord(student.id, days[1]);
    const response = await client.get(`/api/student-attendance-report/${student.id}/${term.start}/${term.end}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Student Attendance Report',
      'Shanice Baptiste',
      '2C',
      `${term.start} to ${term.end}`,
      'Possible sessions',
      '18',
      '4 (22%)',
      'Punctual 75%',
      'LATE',
      '08:20',
      days[8],
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(term.closed);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('student_id', '=', student.id)
      .where('action', '=', 'attendance-report.viewed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses an end before the start, a range over a year and a malformed date with 400 and a clear message', async () => {
    const { student, client } = await signedInStudent();
    const cases: Array<[string, string, string]> = [
      ['2026-10-10', '2026-10-01', 'The end date is before the start date.'],
      ['2025-01-01', '2026-01-02', 'A report covers at most one year: choose a shorter range.'],
      ['2026-02-30', '2026-03-10', "The start date '2026-02-30' is not a date written yyyy-MM-dd."],
      ['2026-01-01', '10-03-2026', "The end date '10-03-2026' is not a date written yyyy-MM-dd."],
    ];
    for (const [start, end, message] of cases) {
      const response = await client.get(`/api/student-attendance-report/${student.id}/${start}/${end}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await client.get(`/api/student-attendance-report/${student.id}/2025-01-01/2025-12-31`)).statusCode).toBe(200);
  });

  it('prints two of one student’s reports asked for at once and refuses the rest 429, while the admin and another student are served', async () => {
    const { student, client } = await signedInStudent();
    const other = await signedInStudent();
    const url = (id: string) => `/api/student-attendance-report/${id}/${term.start}/${term.end}`;
    // A long staff document holds the printer (staff documents go first, one at a time), so that
    // her first two reports wait in it however slowly the 110 arrive on a busy machine.
    const holdPrinter = () =>
      renderPdf(
        schoolDocument({
          schoolName: 'Test',
          title: 'Holds the printer',
          timeZone: t.config.schoolTimeZone,
          content: Array.from({ length: 40_000 }, (_, n) => `Line ${n}.`),
        }),
        { session: null, staff: true },
      );
    let held = holdPrinter();
    const flood = Array.from({ length: 110 }, () => client.get(url(student.id)));
    const [adminAnswer, otherAnswer] = await Promise.all([admin.get(url(other.student.id)), other.client.get(url(other.student.id))]);
    const floodAnswers = await Promise.all(flood);
    await held;
    const statuses = floodAnswers.map((response) => response.statusCode);
    expect(adminAnswer.statusCode).toBe(200);
    expect(otherAnswer.statusCode).toBe(200);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(108);
    const refused = floodAnswers.find((response) => response.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Your document is still being prepared/);
    expect(refused.headers['retry-after']).toBe('5');
    // Her reports printed, she is served again, two at a time.
    held = holdPrinter();
    const again = await Promise.all(Array.from({ length: 3 }, () => client.get(url(student.id))));
    await held;
    expect(again.map((response) => response.statusCode).sort()).toEqual([200, 200, 429]);
  });

  it('gives a student only her own report', async () => {
    const { client } = await signedInStudent();
    const other = await createStudent(t.db);
    expect((await client.get(`/api/student-attendance-report/${other.id}/${term.start}/${term.end}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/student-attendance-report/${other.id}/${term.start}/${term.end}`)).statusCode).toBe(200);
  });
});

describe('the term calendar', () => {
  it('is read and set by an admin only, and refuses overlapping terms', async () => {
    const { client } = await signedInStudent();
    expect((await client.get('/api/term-calendar')).statusCode).toBe(403);
    const calendar = (await admin.get('/api/term-calendar')).json();
    expect(calendar).toEqual({
      terms: [{ year, term: '1', start_date: term.start, end_date: term.end }],
      closed_days: [{ date: term.closed, reason: 'Mid-term break' }],
    });
    const overlap = await admin.put('/api/term-calendar', {
      terms: [
        { year, term: '1', start_date: '2026-09-07', end_date: '2026-12-11' },
        { year, term: '2', start_date: '2026-12-01', end_date: '2027-03-26' },
      ],
      closed_days: [],
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().message).toBe(`Term 2 of ${year} starts before term 1 of ${year} ends.`);
    const backwards = await admin.put('/api/term-calendar', {
      terms: [{ year, term: '1', start_date: '2026-12-11', end_date: '2026-09-07' }],
      closed_days: [],
    });
    expect(backwards.json().message).toBe(`Term 1 of ${year} ends before it starts.`);
  });
});

describe('POST /api/attendance-import', () => {
  it('only checks a file sent without dry_run, and refuses a dry_run other than true or false', async () => {
    const student = await createStudent(t.db);
    const csv = `Student ID,Date,Time In,Time Out\n${student.id},${schoolDaysOf()[0]},07:45,15:05`;
    const send = (fields: Record<string, string>) => {
      const { body, contentType } = multipart(fields, { name: 'scans.csv', text: csv });
      return admin.request('POST', '/api/attendance-import', body, { 'content-type': contentType });
    };
    expect((await send({})).json()).toMatchObject({ dry_run: true, new_scans: 2, errors: [] });
    for (const dry_run of ['0', '1', 'no', 'FALSE']) {
      const refused = await send({ dry_run });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: messages.dryRun, errors: { dry_run: [messages.dryRun] } });
    }
    expect(await t.db.selectFrom('attendance_records').select('id').where('student_id', '=', student.id).execute()).toEqual([]);
  });

  it('checks a file with a dry run that changes nothing, imports it, and adds nothing when the same file comes again', async () => {
    const { student, client } = await signedInStudent();
    const other = await createStudent(t.db);
    const [first, second] = schoolDaysOf();
    const csv = [
      'Student ID,Date,Time In,Time Out',
      `${student.id},${first},07:45,15:05`,
      `${student.id},${second},08:17,11:30`,
      `${other.id},${first},07:50,15:00`,
    ].join('\n');
    const dry = await importCsv(csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, rows: 3, scans: 6, new_scans: 6, duplicates: 0, days: 3, errors: [] });
    expect(dry.json().preview[0]).toEqual({ student_id: student.id, date: first, time: '07:45', direction: 'in', new: 'yes' });
    expect(await t.db.selectFrom('attendance_records').select('id').where('student_id', '=', student.id).execute()).toHaveLength(0);

    const applied = await importCsv(csv, false);
    expect(applied.json()).toMatchObject({ dry_run: false, new_scans: 6, duplicates: 0, days: 3, errors: [] });
    const body = (await client.get(`/api/student-attendance/${student.id}`)).json();
    expect(body.attendance_records).toEqual([
      {
        date_scanned: second,
        attendance_am: 1,
        attendance_pm: 0,
        late: 1,
        time_in: '08:17:00',
        time_out: '11:30:00',
        time_scanned_in: '08:17:00',
        time_scanned_out: '11:30:00',
        excused: null,
      },
      {
        date_scanned: first,
        attendance_am: 1,
        attendance_pm: 1,
        late: 0,
        time_in: '07:45:00',
        time_out: '15:05:00',
        time_scanned_in: '07:45:00',
        time_scanned_out: '15:05:00',
        excused: null,
      },
    ]);
    expect(body).toMatchObject({ attendance: 3, lates: 1 });

    const again = await importCsv(csv, false);
    expect(again.json()).toMatchObject({ new_scans: 0, duplicates: 6, days: 0, errors: [] });
    expect(await t.db.selectFrom('attendance_scans').select('id').where('student_id', '=', student.id).execute()).toHaveLength(4);
    expect((await client.get(`/api/student-attendance/${student.id}`)).json().attendance_records).toEqual(body.attendance_records);
  });

  it('takes one row per scan, the earliest of a day being the arrival', async () => {
    const { student, client } = await signedInStudent();
    const day = schoolDaysOf()[5];
    const applied = await importCsv(['Student ID,Date,Time', `${student.id},${day},15:02`, `${student.id},${day},07:31`].join('\n'), false);
    expect(applied.json()).toMatchObject({ scans: 2, new_scans: 2, errors: [] });
    const [record] = (await client.get(`/api/student-attendance/${student.id}`)).json().attendance_records;
    expect(record).toMatchObject({ date_scanned: day, attendance_am: 1, attendance_pm: 1, late: 0, time_in: '07:31:00', time_out: '15:02:00' });
  });

  it('reads an Excel export, its dates and times as Excel stores them', async () => {
    const { student, client } = await signedInStudent();
    const day = schoolDaysOf()[8];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Scans');
    sheet.addRow(['Student ID', 'Date', 'Time In', 'Time Out']);
    const row = sheet.addRow([Number(student.id), new Date(`${day}T00:00:00Z`), (8 * 60 + 9) / (24 * 60), (15 * 60 + 1) / (24 * 60)]);
    row.getCell(2).numFmt = 'yyyy-mm-dd';
    row.getCell(3).numFmt = 'hh:mm';
    row.getCell(4).numFmt = 'hh:mm';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = (await importFile({ name: 'scans.xlsx', bytes }, false)).json();
    expect(answer).toMatchObject({ rows: 1, scans: 2, new_scans: 2, errors: [] });
    const [record] = (await client.get(`/api/student-attendance/${student.id}`)).json().attendance_records;
    expect(record).toMatchObject({ date_scanned: day, attendance_am: 1, attendance_pm: 1, late: 1, time_in: '08:09:00', time_out: '15:01:00' });
  });

  it('reports every bad row at its row and column, and then imports nothing', async () => {
    const { student } = await signedInStudent();
    const day = schoolDaysOf()[6];
    const csv = [
      'Student ID,Date,Time In,Time Out',
      `${student.id},${day},07:45,15:05`,
      `19990404,${day},07:45,`,
      `${student.id},31/10/2026,07:45,`,
      `${student.id},${day},7.45pm,`,
    ].join('\n');
    const answer = (await importCsv(csv, false)).json();
    expect(answer.errors).toEqual([
      { row: 3, column: 'Student ID', message: 'There is no student with ID 19990404.' },
      { row: 4, column: 'Date', message: 'Write the date as yyyy-MM-dd.' },
      { row: 5, column: 'Time In', message: 'Write the time as HH:mm.' },
    ]);
    expect(await t.db.selectFrom('attendance_scans').select('id').where('student_id', '=', student.id).execute()).toHaveLength(0);
  });

  it('is for admins only', async () => {
    const { client } = await signedInStudent();
    const { body, contentType } = multipart({ dry_run: 'true' }, { name: 'scans.csv', text: 'Student ID,Date,Time\n' });
    expect((await client.request('POST', '/api/attendance-import', body, { 'content-type': contentType })).statusCode).toBe(403);
  });
});

describe('POST /api/attendance-scans (scanner tokens)', () => {
  const scanner = (token: string, ip = '10.7.0.1') => ({
    post: (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/attendance-scans', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: body as object }),
  });
  const at = (date: string, time: string) => zonedLocalToUtc(`${date}T${time}`, t.config.schoolTimeZone);

  it('takes a batch at once, ignores a replayed scan id, and reports unknown students scan by scan', async () => {
    const token = await createScannerToken(t.db, 'gate-north');
    const { student, client } = await signedInStudent();
    const day = schoolDaysOf()[7];
    const batch = [
      { scan_id: 'n-1', student_id: student.id, scanned_at: at(day, '07:55'), direction: 'in' },
      { scan_id: 'n-2', student_id: '19990999', scanned_at: at(day, '07:56'), direction: 'in' },
    ];
    const first = await scanner(token).post(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [{ scan_id: 'n-2', message: 'There is no student with ID 19990999.' }] });
    let record = (await client.get(`/api/student-attendance/${student.id}`)).json().attendance_records[0];
    expect(record).toMatchObject({ date_scanned: day, attendance_am: 1, attendance_pm: 1, late: 0, time_in: '07:55:00', time_out: null });

    const retry = await scanner(token).post([batch[0], { scan_id: 'n-3', student_id: student.id, scanned_at: at(day, '10:15'), direction: 'out' }]);
    expect(retry.json()).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    record = (await client.get(`/api/student-attendance/${student.id}`)).json().attendance_records[0];
    expect(record).toMatchObject({ attendance_am: 1, attendance_pm: 0, time_out: '10:15:00' });
    expect(await t.db.selectFrom('attendance_scans').select('id').where('student_id', '=', student.id).execute()).toHaveLength(2);
  });

  it('refuses a missing, unknown or revoked token, and a token opens nothing else', async () => {
    const token = await createScannerToken(t.db, 'gate-south');
    const { student } = await signedInStudent();
    const batch = [{ scan_id: 's-1', student_id: student.id, scanned_at: '2026-11-02T07:50:00-04:00', direction: 'in' }];
    const none = await t.app.inject({ method: 'POST', url: '/api/attendance-scans', payload: batch });
    expect(none.statusCode).toBe(401);
    expect((await scanner('scn_not-a-real-token').post(batch)).json().message).toBe('This scanner token is not known.');
    expect((await scanner(token).post([{ ...batch[0], direction: 'sideways' }])).statusCode).toBe(422);
    const students = await t.app.inject({ method: 'GET', url: '/api/students', headers: { authorization: `Bearer ${token}` } });
    expect(students.statusCode).toBe(401);
    expect(await revokeScannerToken(t.db, 'gate-south')).toBe(true);
    const revoked = await scanner(token).post(batch);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('This scanner token has been revoked.');
    const stored = await t.db.selectFrom('scanner_tokens').select(['token_hash']).where('name', '=', 'gate-south').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token.slice(4, 20));
  });

  it('holds back a scanner that sends too many batches in a minute', async () => {
    const token = await createScannerToken(t.db, 'gate-busy');
    const { student } = await signedInStudent();
    const statuses: number[] = [];
    for (let index = 0; index <= SCANNER_BATCHES_PER_MINUTE; index += 1) {
      const response = await scanner(token, '10.7.0.9').post([
        { scan_id: `b-${index}`, student_id: student.id, scanned_at: '2026-11-02T11:00:00Z', direction: 'in' },
      ]);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, SCANNER_BATCHES_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a day read from its scans (decision 023)', () => {
  const bells = { dayStart: '08:00', midday: '12:00' };
  const read = (scans: Array<[string, 'in' | 'out']>) =>
    dayRecord(
      '20260001',
      '2026-11-02',
      scans.map(([time, direction]) => ({ time, direction })),
      bells,
    );

  it('is present all day when she came by the bell and left after midday', () => {
    expect(
      read([
        ['07:59:59', 'in'],
        ['15:00:00', 'out'],
      ]),
    ).toMatchObject({ attendance_am: 1, attendance_pm: 1, late: 0 });
  });
  it('is late after the bell, and AM only when she left before midday', () => {
    expect(
      read([
        ['08:00:01', 'in'],
        ['11:45:00', 'out'],
      ]),
    ).toMatchObject({ attendance_am: 1, attendance_pm: 0, late: 1, time_out: '11:45:00' });
  });
  it('is PM only, and not late, when she came after midday', () => {
    expect(read([['12:30:00', 'in']])).toMatchObject({ attendance_am: 0, attendance_pm: 1, late: 0 });
  });
  it('is absent without an in scan, keeping the out scan for the record', () => {
    expect(read([['15:00:00', 'out']])).toMatchObject({ attendance_am: 0, attendance_pm: 0, late: 0, time_in: null, time_scanned_out: '15:00:00' });
  });
  it('refuses a midday that is not after the start of the day', () => {
    expect(() => loadConfig({ SCHOOL_DAY_START: '12:30', SCHOOL_MIDDAY: '12:00' })).toThrow('SCHOOL_MIDDAY: must be later than SCHOOL_DAY_START');
  });
});
