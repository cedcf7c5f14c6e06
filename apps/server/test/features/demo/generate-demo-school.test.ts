import { isStepComplete, studentSaveSchema } from '@school/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDemoSchool } from '../../../src/features/demo/generate-demo-school.ts';
import { createTestDb, type TestDb } from '../../helpers/test-db.ts';

const opened: TestDb[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});
const freshDb = async () => {
  const testDb = await createTestDb();
  opened.push(testDb);
  return testDb.db;
};

describe('the demo school', () => {
  it('creates 600 students over Forms 1–5, with posted reports, results and attendance', async () => {
    const db = await freshDb();
    const summary = await generateDemoSchool(db, { students: 600 });
    expect(summary.students).toBe(600);
    const perForm = await db
      .selectFrom('students')
      .innerJoin('form_classes', 'form_classes.id', 'students.class_id')
      .select(['form_level'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .groupBy('form_level')
      .orderBy('form_level')
      .execute();
    expect(perForm.map((row) => [row.form_level, Number(row.count)])).toEqual([
      [1, 120],
      [2, 120],
      [3, 120],
      [4, 120],
      [5, 120],
    ]);
    const ids = await db.selectFrom('students').select('id').execute();
    expect(new Set(ids.map((row) => row.id)).size).toBe(600);
    expect(await db.selectFrom('term_reports').select(['year', 'term', 'posted']).orderBy('year').orderBy('term').execute()).toEqual([
      { year: 2025, term: '1', posted: 1 },
      { year: 2025, term: '2', posted: 1 },
      { year: 2025, term: '3', posted: 1 },
      { year: 2026, term: '1', posted: 0 },
    ]);
    const attendance = await db
      .selectFrom('attendance_records')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(attendance.count)).toBeGreaterThan(600 * 50);
    const accounts = await db.selectFrom('student_accounts').select('password_reset').distinct().execute();
    expect(accounts).toEqual([{ password_reset: 1 }]);
  });

  it('holds records in every state, and complete ones pass the contract', async () => {
    const db = await freshDb();
    await generateDemoSchool(db, { students: 60 });
    const rows = await db.selectFrom('students').selectAll().execute();
    const complete = rows.filter((row) => row.agree_terms_conditions === 1);
    const empty = rows.filter((row) => row.home_address === null && row.living_status === null);
    expect(complete.length).toBeGreaterThan(5);
    expect(empty.length).toBeGreaterThan(5);
    for (const row of complete) {
      const parsed = studentSaveSchema.safeParse({ ...row, updatedAt: row.updated_at });
      expect(parsed.error?.issues ?? []).toEqual([]);
      for (const step of ['studentData', 'familyData', 'healthData', 'otherData'] as const) expect(isStepComplete(row, step)).toBe(true);
    }
    const progress = await db.selectFrom('form_progress').selectAll().where('student_id', '=', String(complete[0].id)).executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ studentData: 1, familyData: 1, healthData: 1, otherData: 1, submit: 1 });
  });

  it('makes the same school from the same seed', async () => {
    const first = await freshDb();
    const second = await freshDb();
    await generateDemoSchool(first, { students: 30, seed: 7 });
    await generateDemoSchool(second, { students: 30, seed: 7 });
    const names = (db: typeof first) => db.selectFrom('students').select(['id', 'first_name', 'last_name', 'date_of_birth', 'email']).orderBy('id').execute();
    expect(await names(first)).toEqual(await names(second));
  });

  it('refuses a database that already has students', async () => {
    const db = await freshDb();
    await generateDemoSchool(db, { students: 5 });
    await expect(generateDemoSchool(db, { students: 5 })).rejects.toThrow('The demo school is only created in an empty database.');
  });
});
