import { academicYearLabel } from '@school/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, completeRecordFields, createStudent, openRegistration, signedInStudent, storeCompleteRegistration } from '../../helpers/factories.ts';
import { currentYear, proposedMoves, rolloverTables } from './school-year-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  ({ t, admin } = await adminApp());
});
afterEach(() => t.close());

const applyRollover = async () => {
  const year = await currentYear(admin);
  const response = await admin.post('/api/school-year/rollover', { to_year: year + 1, classes: await proposedMoves(t.db), dry_run: false });
  expect(response.statusCode).toBe(200);
  return year;
};

describe('POST /api/school-year/undo', () => {
  it('puts every class, leaver, progress flag, agreement and registration status back, row for row', async () => {
    await openRegistration(t.db);
    await t.db.updateTable('registration_status').set({ deadline: '2027-01-31T20:00:00.000Z' }).where('form_level', '=', 3).execute();
    for (const classId of ['1A', '1B', '2A', '4C', '5A', '5B']) {
      const student = await createStudent(t.db, { class_id: classId, ...completeRecordFields, agree_terms_conditions: 1, terms_and_conditions: 'terms' });
      await storeCompleteRegistration(t.db, student.id);
      await t.db.updateTable('form_progress').set({ completed_on: 20260610 }).where('student_id', '=', student.id).execute();
    }
    const unfinished = await createStudent(t.db, { class_id: '3A' });
    await t.db
      .updateTable('form_progress')
      .set({ studentData: 1, studentData_reviewed: 1, healthData_reviewed: 1 })
      .where('student_id', '=', unfinished.id)
      .execute();
    const gone = await createStudent(t.db, { class_id: '2B' });
    await t.db.insertInto('student_leavers').values({ student_id: gone.id, left_on: '2026-03-01', reason: 'Moved abroad', rollover_id: null }).execute();
    const before = await rolloverTables(t.db);

    const year = await applyRollover();
    expect(await rolloverTables(t.db)).not.toEqual(before);
    // The new year's review starts afresh for those who stay: every reviewed mark cleared (decision 026).
    const marks = await t.db
      .selectFrom('form_progress')
      .select(['studentData_reviewed', 'healthData_reviewed', 'documents_reviewed'])
      .where('student_id', 'not in', t.db.selectFrom('student_leavers').select('student_id'))
      .execute();
    expect(marks).toHaveLength(5);
    expect(marks.every((row) => Object.values(row).every((mark) => mark === 0))).toBe(true);
    const response = await admin.post('/api/school-year/undo', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `The rollover was undone: the school is back in ${academicYearLabel(year)}.`,
      year,
      label: academicYearLabel(year),
    });

    expect(await rolloverTables(t.db)).toEqual(before);
    expect((await admin.get('/api/school-year')).json()).toMatchObject({ year, last_rollover: null });
    expect(await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'school-year.rollover-undone').execute()).toEqual([
      { detail: `${academicYearLabel(year + 1)} back to ${academicYearLabel(year)}` },
    ]);
    // Undone, the year may be rolled over again.
    await applyRollover();
  });

  it('reads a snapshot kept before the reviewed marks existed as migration 024 read such a row', async () => {
    const student = await createStudent(t.db, { class_id: '2A', ...completeRecordFields, agree_terms_conditions: 1, terms_and_conditions: 'terms' });
    await storeCompleteRegistration(t.db, student.id);
    await applyRollover();
    const before024 = {
      student_id: student.id,
      studentData: 1,
      familyData: 1,
      healthData: 1,
      otherData: 0,
      documents: 1,
      submit: 0,
      health_data_saved: 1,
      completed_on: 0,
    };
    await t.db
      .updateTable('registration_history')
      .set({ progress: JSON.stringify(before024) })
      .where('student_id', '=', student.id)
      .execute();
    expect((await admin.post('/api/school-year/undo', {})).statusCode).toBe(200);
    expect(await t.db.selectFrom('form_progress').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow()).toEqual({
      ...{ student_id: student.id, studentData: 1, familyData: 1, healthData: 1, otherData: 0, documents: 1, submit: 0, completed_on: 0 },
      ...{ studentData_reviewed: 1, familyData_reviewed: 1, healthData_reviewed: 1, otherData_reviewed: 0, documents_reviewed: 1 },
    });
  });

  it('answers 409 when there is nothing to undo, and for a second undo', async () => {
    const nothing = await admin.post('/api/school-year/undo', {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('There is no rollover to undo.');
    await createStudent(t.db, { class_id: '1A' });
    await applyRollover();
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.post('/api/school-year/undo', {})));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
  });

  it('is refused once 14 days have passed', async () => {
    await createStudent(t.db, { class_id: '1A' });
    const year = await applyRollover();
    await t.db
      .updateTable('rollovers')
      .set({ undo_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await admin.get('/api/school-year')).json().last_rollover.undo_until).toBeNull();
    const response = await admin.post('/api/school-year/undo', {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`The rollover into ${academicYearLabel(year + 1)} can no longer be undone: 14 days have passed.`);
  });

  it('is refused once a student has saved in the new year', async () => {
    const { student, client } = await signedInStudent(t, { class_id: '1A' });
    const year = await applyRollover();
    expect((await admin.get('/api/school-year')).json().last_rollover.undo_until).not.toBeNull();
    await openRegistration(t.db);
    const { record } = (await client.get(`/api/student/${student.id}`)).json();
    expect((await client.post('/api/student', { ...record, allergy: 'Pollen' })).statusCode).toBe(200);
    const response = await admin.post('/api/school-year/undo', {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `The rollover into ${academicYearLabel(year + 1)} can no longer be undone: a student has saved her registration in the new year.`,
    );
    expect((await admin.get('/api/school-year')).json().last_rollover.undo_until).toBeNull();
  });
});
