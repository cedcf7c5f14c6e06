import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { giveTerm, setPosted } from './term-reports-helpers.ts';

let t: TestApp;
let own: TestStudent;
let other: TestStudent;
let student: TestClient;
let otherStudent: TestClient;
let admin: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
  own = await createStudent(t.db, { first_name: 'Aaliyah', last_name: 'Mohammed', class_id: '2B' }, { password: STUDENT_PASSWORD });
  other = await createStudent(t.db, { class_id: '2B' }, { password: STUDENT_PASSWORD });
  await giveTerm(t.db, own.id, { year: 2025, term: '3', classId: '1B', marks: { Mathematics: 75, English: 91, Spanish: null } });
  await giveTerm(t.db, other.id, { year: 2025, term: '3', classId: '1B', marks: { Mathematics: 95, English: 90 } });
  await giveTerm(t.db, own.id, { year: 2026, term: '1', classId: '2B' });
  await giveTerm(t.db, other.id, { year: 2026, term: '1', classId: '2B' });
  await setPosted(t.db, 2025, '3', true);
  await setPosted(t.db, 2026, '1', false);
  student = new TestClient(t.app);
  await signInAsStudent(student, own.id);
  otherStudent = new TestClient(t.app, '10.0.0.2');
  await signInAsStudent(otherStudent, other.id);
  admin = new TestClient(t.app, '10.0.0.3');
  await signInAsAdmin(admin);
  visitor = await new TestClient(t.app, '10.0.0.4').start();
});
afterAll(() => t.close());

describe('GET /api/report-card-terms/{student id}', () => {
  it('lists every term the student has a report for, newest first, with its posting state', async () => {
    const response = await student.get(`/api/report-card-terms/${own.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { year: 2026, term: '1', posted: 0, date_posted: null, form_level: 2, class_id: '2B' },
      { year: 2025, term: '3', posted: 1, date_posted: '2026-01-10 09:00:00', form_level: 1, class_id: '1B' },
    ]);
  });

  it('answers an empty list to a student with no reports', async () => {
    const fresh = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.0.0.9');
    await signInAsStudent(client, fresh.id);
    const response = await client.get(`/api/report-card-terms/${fresh.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("is the student's own or an admin's: another student gets 403, a visitor 401", async () => {
    expect((await otherStudent.get(`/api/report-card-terms/${own.id}`)).statusCode).toBe(403);
    expect((await visitor.get(`/api/report-card-terms/${own.id}`)).statusCode).toBe(401);
    const forAdmin = await admin.get(`/api/report-card-terms/${own.id}`);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toHaveLength(2);
  });
});

describe('GET /api/report-card/{student}/{year}/{term}', () => {
  const card = (id: string, year: number, term: string) => `/api/report-card/${id}/${year}/${term}`;

  it.each([
    ['the student herself', 'posted', 200, () => student],
    ['the student herself', 'not posted', 404, () => student],
    ['another student', 'posted', 403, () => otherStudent],
    ['another student', 'not posted', 403, () => otherStudent],
    ['a visitor', 'posted', 401, () => visitor],
    ['a visitor', 'not posted', 401, () => visitor],
    ['an admin', 'posted', 200, () => admin],
    ['an admin', 'not posted', 200, () => admin],
  ] as const)('%s asking for a %s term gets %i', async (_who, state, status, client) => {
    const response = await client().get(state === 'posted' ? card(own.id, 2025, '3') : card(own.id, 2026, '1'));
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.headers['content-type']).toBe('application/pdf');
    else expect(response.json().message).toBeTruthy();
  });

  it('answers 404 for a term the student has no report for, and 422 for a term that is not 1, 2 or 3', async () => {
    expect((await admin.get(card(own.id, 2024, '2'))).statusCode).toBe(404);
    expect((await admin.get(card(own.id, 2025, '4'))).statusCode).toBe(422);
    expect((await admin.get(card(own.id, 1999, '1'))).statusCode).toBe(422);
  });

  it('prints the student, the term, each subject with mark, grade and comment, average, position, attendance and remarks', async () => {
    const response = await student.get(card(own.id, 2025, '3'));
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'End of Term Report',
      'Aaliyah Mohammed',
      own.id,
      'Form 1 1B',
      'Term 3, Trinity, 2025-2026',
      'Mathematics 75 B Mathematics comment',
      'English 91 A English comment',
      'Spanish ABS ABS',
      'Average 83.0',
      'Position in class 2 of 2',
      'Attendance 110 of 120 sessions',
      'Lates 3',
      'Conduct Very Good',
      'A steady term.',
      'Keep it up.',
      'Date posted 2026-01-10',
    ])
      expect(text).toContain(expected);
  });

  it('prints the attendance counted from card scans when the school recorded scans in that term', async () => {
    // A week of five school days: ten sessions; present three of them, late once.
    await t.db.insertInto('terms').values({ year: 2025, term: '3', start_date: '2026-06-01', end_date: '2026-06-05' }).execute();
    const day = { student_id: own.id, time_in: null, time_out: null, time_scanned_in: null, time_scanned_out: null };
    await t.db
      .insertInto('attendance_records')
      .values([
        { ...day, date_scanned: '2026-06-01', attendance_am: 1, attendance_pm: 1, late: 0 },
        { ...day, date_scanned: '2026-06-02', attendance_am: 1, attendance_pm: 0, late: 1 },
      ])
      .execute();
    try {
      const text = pdfText((await admin.get(card(own.id, 2025, '3'))).rawPayload);
      expect(text).toContain('Attendance 3 of 10 sessions');
      expect(text).toContain('Lates 1');
    } finally {
      await t.db.deleteFrom('attendance_records').where('student_id', '=', own.id).execute();
      await t.db.deleteFrom('terms').where('year', '=', 2025).execute();
    }
  });

  it('writes each view to the audit log', async () => {
    const before = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'report-card.viewed').where('student_id', '=', own.id).execute();
    await admin.get(card(own.id, 2026, '1'));
    const after = await t.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'detail'])
      .where('action', '=', 'report-card.viewed')
      .where('student_id', '=', own.id)
      .orderBy('id', 'desc')
      .execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual({ actor_kind: 'admin', detail: '2026-2027 Term 1' });
  });
});

describe('posting and withdrawing term reports', () => {
  it('lists every term with its posting state for the admin, and only for the admin', async () => {
    const response = await admin.get('/api/term-reports-posted');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { year: 2026, term: '1', posted: 0, date_posted: null },
      { year: 2025, term: '3', posted: 1, date_posted: '2026-01-10 09:00:00' },
    ]);
    expect((await student.get('/api/term-reports-posted')).statusCode).toBe(403);
    expect((await student.post('/api/post-term-reports', { year: 2026, term: '1', posted: 1 })).statusCode).toBe(403);
  });

  it('shows a posted term to the student at once, and takes a withdrawn one away at once', async () => {
    const cardUrl = `/api/report-card/${own.id}/2026/1`;
    expect((await student.get(cardUrl)).statusCode).toBe(404);

    const posted = await admin.post('/api/post-term-reports', { year: 2026, term: '1', posted: 1 });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({ year: 2026, term: '1', posted: 1 });
    expect(posted.json().date_posted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await student.get(cardUrl)).statusCode).toBe(200);
    expect((await student.get(`/api/report-card-terms/${own.id}`)).json()[0]).toMatchObject({
      year: 2026,
      term: '1',
      posted: 1,
      date_posted: posted.json().date_posted,
    });

    const withdrawn = await admin.post('/api/post-term-reports', { year: 2026, term: '1', posted: 0 });
    expect(withdrawn.json()).toEqual({ year: 2026, term: '1', posted: 0, date_posted: null });
    expect((await student.get(cardUrl)).statusCode).toBe(404);
    expect((await student.get(`/api/report-card-terms/${own.id}`)).json()[0]).toMatchObject({ posted: 0, date_posted: null });

    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', 'like', 'term-reports.%').orderBy('id').execute();
    expect(audit.slice(-2)).toEqual([
      { action: 'term-reports.posted', detail: '2026-2027 Term 1' },
      { action: 'term-reports.withdrawn', detail: '2026-2027 Term 1' },
    ]);
  });

  it('refuses to post a term that has no results, with a clear message', async () => {
    const response = await admin.post('/api/post-term-reports', { year: 2026, term: '2', posted: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('There are no results for 2026-2027 Term 2');
    expect(await t.db.selectFrom('term_reports').select('id').where('year', '=', 2026).where('term', '=', '2').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a body without a valid term or posted flag with 422', async () => {
    expect((await admin.post('/api/post-term-reports', { year: 2026, term: '5', posted: 1 })).statusCode).toBe(422);
    expect((await admin.post('/api/post-term-reports', { year: 2026, term: '1', posted: 'yes' })).statusCode).toBe(422);
  });
});
