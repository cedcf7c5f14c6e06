import { academicYearLabel } from '@school/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, completeRecordFields, createStudent, openRegistration, signedInStudent, storeCompleteRegistration } from '../../helpers/factories.ts';
import { currentYear, proposedMoves, rolloverTables } from './school-year-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  ({ t, admin } = await adminApp());
});
afterEach(() => t.close());

const rollover = async (body: Record<string, unknown>) => admin.post('/api/school-year/rollover', body);

describe('GET /api/school-year', () => {
  it('answers the current year, each class with its students still at the school, and no rollover yet', async () => {
    await createStudent(t.db, { class_id: '1A' });
    await createStudent(t.db, { class_id: '1A' });
    const leaver = await createStudent(t.db, { class_id: '1A' });
    await t.db.insertInto('student_leavers').values({ student_id: leaver.id, left_on: '2026-07-01', reason: 'Moved abroad', rollover_id: null }).execute();
    const answer = (await admin.get('/api/school-year')).json();
    const today = new Date();
    const expectedYear = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
    expect(answer.year).toBe(expectedYear);
    expect(answer.label).toBe(academicYearLabel(expectedYear));
    expect(answer.classes).toHaveLength(25);
    expect(answer.classes[0]).toEqual({ class_id: '1A', form_level: 1, students: 2 });
    expect(answer.classes.find((entry: { class_id: string }) => entry.class_id === '5E')).toEqual({ class_id: '5E', form_level: 5, students: 0 });
    expect(answer.last_rollover).toBeNull();
  });

  it('is for admins only', async () => {
    const { client } = await signedInStudent(t);
    expect((await client.get('/api/school-year')).statusCode).toBe(403);
    expect((await client.post('/api/school-year/rollover', { to_year: 2030, classes: [], dry_run: false })).statusCode).toBe(403);
    expect((await client.post('/api/school-year/undo', {})).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/school-year')).statusCode).toBe(401);
  });
});

describe('POST /api/school-year/rollover, checked', () => {
  it('lists the warnings and changes nothing on a dry run', async () => {
    const year = await currentYear(admin);
    const done = await createStudent(t.db, { class_id: '1A' });
    await storeCompleteRegistration(t.db, done.id);
    await createStudent(t.db, { class_id: '1B' });
    await createStudent(t.db, { class_id: '5A' });
    await t.db
      .insertInto('term_summaries')
      .values({
        student_id: done.id,
        year,
        term: '2',
        form_level: 1,
        class_id: '1A',
        days_present: null,
        days_possible: null,
        lates: null,
        conduct: null,
        teacher_comment: null,
        principal_comment: null,
      })
      .execute();
    const before = await rolloverTables(t.db);
    const response = await rollover({ to_year: year + 1, classes: await proposedMoves(t.db) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dry_run: true,
      promoted: 2,
      left: 1,
      warnings: [
        `Term 2 (Hilary) reports of ${academicYearLabel(year)} are not posted.`,
        `2 students have not submitted the registration for ${academicYearLabel(year)}.`,
      ],
      errors: [],
    });
    expect(await rolloverTables(t.db)).toEqual(before);
  });

  it('answers errors for classes left out, unknown or mapped onto a class that does not exist, and applies nothing', async () => {
    const year = await currentYear(admin);
    await createStudent(t.db, { class_id: '1A' });
    await createStudent(t.db, { class_id: '2A' });
    await createStudent(t.db, { class_id: '3A' });
    const before = await rolloverTables(t.db);
    const response = await rollover({
      to_year: year + 1,
      classes: [
        { from: '1A', to: '9Z' },
        { from: '7Q', to: null },
        { from: '3A', to: '4A' },
      ],
      dry_run: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().errors).toEqual([
      { class_id: '1A', message: '1A is mapped onto 9Z, which does not exist.' },
      { class_id: '7Q', message: 'There is no class 7Q.' },
      { class_id: '2A', message: 'Choose where the 1 students of 2A go: a class or Leaves.' },
    ]);
    expect(await rolloverTables(t.db)).toEqual(before);
  });

  it('refuses a year that is not the next one with a clear message', async () => {
    const year = await currentYear(admin);
    const ahead = await rollover({ to_year: year + 3, classes: [] });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().message).toBe(`The next school year is ${academicYearLabel(year + 1)}: enter ${year + 1}.`);
    const same = await rollover({ to_year: year, classes: [] });
    expect(same.statusCode).toBe(409);
    const bad = await rollover({ to_year: 'next', classes: 'all' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /api/school-year/rollover, applied', () => {
  it('promotes, marks leavers, keeps snapshots, restarts the registration with the data kept, and closes registration', async () => {
    const year = await currentYear(admin);
    await openRegistration(t.db);
    const first = await createStudent(t.db, { class_id: '1A', ...completeRecordFields, agree_terms_conditions: 1, terms_and_conditions: 'terms' });
    await storeCompleteRegistration(t.db, first.id);
    await t.db
      .updateTable('form_progress')
      .set({ completed_on: Number(`${year + 1}0612`) })
      .where('student_id', '=', first.id)
      .execute();
    const second = await createStudent(t.db, { class_id: '2A' });
    const top = await createStudent(t.db, { class_id: '5A' });
    const moves = (await proposedMoves(t.db)).map((move) => (move.from === '4B' ? { from: '4B', to: null, reason: 'Moved to another school' } : move));
    const earlier = await createStudent(t.db, { class_id: '4B' });

    const response = await rollover({ to_year: year + 1, classes: moves, dry_run: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dry_run: false, promoted: 2, left: 2, errors: [] });

    const students = new Map((await t.db.selectFrom('students').selectAll().execute()).map((row) => [row.id, row]));
    expect(students.get(first.id)).toMatchObject({ class_id: '2A', agree_terms_conditions: 0, terms_and_conditions: null, home_address: '12 Coffee Street' });
    expect(students.get(second.id)?.class_id).toBe('3A');
    expect(students.get(top.id)?.class_id).toBe('5A');
    const leavers = await t.db.selectFrom('student_leavers').select(['student_id', 'reason']).orderBy('student_id').execute();
    expect(leavers).toEqual(
      [
        { student_id: top.id, reason: 'Completed Form 5' },
        { student_id: earlier.id, reason: 'Moved to another school' },
      ].sort((a, b) => a.student_id.localeCompare(b.student_id)),
    );
    const progress = await t.db.selectFrom('form_progress').selectAll().where('student_id', '=', first.id).executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0, completed_on: 0 });

    const history = await t.db.selectFrom('registration_history').selectAll().where('student_id', '=', first.id).executeTakeFirstOrThrow();
    expect(history).toMatchObject({ year, class_id: '1A', submitted_on: `${year + 1}-06-12` });
    expect(JSON.parse(history.record)).toMatchObject({ class_id: '1A', agree_terms_conditions: 1, home_address: '12 Coffee Street' });
    expect(JSON.parse(history.progress ?? '{}')).toMatchObject({ submit: 1, documents: 1 });
    expect(await t.db.selectFrom('registration_history').select('student_id').execute()).toHaveLength(4);

    expect((await t.db.selectFrom('registration_status').select('open').execute()).every((row) => Number(row.open) === 0)).toBe(true);
    const answer = (await admin.get('/api/school-year')).json();
    expect(answer.year).toBe(year + 1);
    expect(answer.last_rollover).toMatchObject({ from_year: year, to_year: year + 1, by: 'registrar' });
    expect(Date.parse(answer.last_rollover.undo_until) - Date.parse(answer.last_rollover.at)).toBe(14 * 24 * 60 * 60 * 1000);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'school-year.rolled-over').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: 'registrar', detail: `${academicYearLabel(year)} to ${academicYearLabel(year + 1)}: 2 promoted, 2 left` });
  });

  it('makes the new year the one students register for', async () => {
    const year = await currentYear(admin);
    const { student, client } = await signedInStudent(t, { class_id: '1A' });
    expect((await client.get(`/api/student/${student.id}`)).json().registration.academic_year).toBe(academicYearLabel(year));
    expect((await admin.post('/api/school-year/rollover', { to_year: year + 1, classes: await proposedMoves(t.db), dry_run: false })).statusCode).toBe(200);
    expect((await client.get(`/api/student/${student.id}`)).json().registration.academic_year).toBe(academicYearLabel(year + 1));
    expect((await client.get('/api/student-registration/2')).json().academic_year).toBe(academicYearLabel(year + 1));
    expect((await admin.get('/api/registration-status')).json()[0].academic_year).toBe(academicYearLabel(year + 1));
  });

  it('refuses a second rollover into the same year with 409, also when fifty arrive at once', async () => {
    const year = await currentYear(admin);
    for (let index = 0; index < 5; index += 1) await createStudent(t.db, { class_id: '1A' });
    const body = { to_year: year + 1, classes: await proposedMoves(t.db), dry_run: false };
    const answers = await Promise.all(Array.from({ length: 50 }, () => rollover(body)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(refused[0].json().message).toBe(
      `The school is already in ${academicYearLabel(year + 1)}: it cannot move into ${academicYearLabel(year + 1)} again.`,
    );
    expect(await t.db.selectFrom('rollovers').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('registration_history').selectAll().execute()).toHaveLength(5);
    expect((await t.db.selectFrom('students').select('class_id').execute()).every((row) => row.class_id === '2A')).toBe(true);
  });

  it('lets autosaves made during the apply succeed or get 409, and loses no saved edit', async () => {
    const year = await currentYear(admin);
    await openRegistration(t.db);
    const students = [];
    for (let index = 0; index < 10; index += 1) students.push(await signedInStudent(t, { class_id: '1A' }));
    const records = await Promise.all(students.map(async ({ student, client }) => (await client.get(`/api/student/${student.id}`)).json().record));
    const saves = students.map(({ client }, index) => client.post('/api/student', { ...records[index], allergy: `Dust ${index}` }));
    const applied = rollover({ to_year: year + 1, classes: await proposedMoves(t.db), dry_run: false });
    const answers = await Promise.all(saves);
    expect((await applied).statusCode).toBe(200);
    for (const [index, answer] of answers.entries()) {
      expect([200, 409]).toContain(answer.statusCode);
      const stored = await t.db.selectFrom('students').select(['allergy', 'class_id']).where('id', '=', students[index].student.id).executeTakeFirstOrThrow();
      expect(stored.class_id).toBe('2A');
      if (answer.statusCode === 200) expect(stored.allergy).toBe(`Dust ${index}`);
      else expect(stored.allergy).toBeNull();
    }
  });
});
