import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentTypeNames, isStepComplete, registrationStepStates, studentSaveSchema } from '@school/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database.ts';
import { generateDemoSchool } from '../../../src/features/demo/generate-demo-school.ts';
import { standaloneFileStore, type FileStore } from '../../../src/lib/file-store/index.ts';
import { createAdminUser, signedInAdmin } from '../../helpers/factories.ts';
import { buildTestApp } from '../../helpers/test-app.ts';
import { createTestDb, serverPools, testDialect, type TestDb } from '../../helpers/test-db.ts';

const opened: TestDb[] = [];
const folders: string[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  while (folders.length) fs.rmSync(folders.pop()!, { recursive: true, force: true });
});
const freshDb = async () => {
  const testDb = await createTestDb();
  opened.push(testDb);
  return testDb.db;
};
/** The store the portal would keep the uploads in: a folder of its own with SQLite, the database with PostgreSQL. */
const storeFor = (db: Db): FileStore => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-files-'));
  folders.push(dataDir);
  return standaloneFileStore({ dataDir, fileStore: testDialect === 'postgres' ? 'database' : 'local' }, db, testDialect);
};
/** Students who have left: `not in` them keeps those still at the school. */
const leaverIds = (db: Db) => db.selectFrom('student_leavers').select('student_leavers.student_id');
const demo = async (db: Db, options: { students: number; seed?: number }) => generateDemoSchool(db, { ...options, files: storeFor(db) });

describe('the demo school', () => {
  it('creates 600 students over Forms 1–5, with posted reports, results and attendance', async () => {
    const db = await freshDb();
    const summary = await demo(db, { students: 600 });
    expect(summary.students).toBe(600);
    const perForm = await db
      .selectFrom('students')
      .innerJoin('form_classes', 'form_classes.id', 'students.class_id')
      .select(['form_level'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('students.id', 'not in', leaverIds(db))
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
    expect(new Set(ids.map((row) => row.id)).size).toBe(600 + 7);
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
    // Students at the school have their first password; those who left had set their own.
    const accounts = await db
      .selectFrom('student_accounts')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'student_accounts.student_id')
      .select(['password_reset', sql<number>`count(student_leavers.student_id)`.as('leavers')])
      .groupBy('password_reset')
      .orderBy('password_reset')
      .execute();
    expect(accounts.map((row) => [row.password_reset, Number(row.leavers)])).toEqual([
      [0, 7],
      [1, 0],
    ]);
  });

  it('holds records in every state, and complete ones pass the contract', async () => {
    const db = await freshDb();
    await demo(db, { students: 60 });
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

  it('keeps the same completeness rules as real records: each stored flag is what the rules give, and those agreed have their documents', async () => {
    const db = await freshDb();
    const files = storeFor(db);
    await generateDemoSchool(db, { students: 60, files });
    const students = await db.selectFrom('students').selectAll().execute();
    const progress = new Map((await db.selectFrom('form_progress').selectAll().execute()).map((row) => [row.student_id, row]));
    const uploads = await db.selectFrom('uploaded_files').selectAll().execute();
    let agreed = 0;
    for (const student of students) {
      const row = progress.get(String(student.id))!;
      const documents = uploads.filter((upload) => upload.student_id === student.id);
      const documentsComplete = documentTypeNames.every((type) => documents.some((upload) => upload.file_type === type));
      // The stored Documents flag says what was uploaded; each other flag is what the contract's rules give.
      expect(row.documents, `${student.id} documents`).toBe(documentsComplete ? 1 : 0);
      const states = registrationStepStates(student, { documentsComplete, reviewed: (key) => row[`${key}_reviewed`] === 1 });
      for (const state of states) expect(row[state.key], `${student.id} ${state.key}`).toBe(state.complete ? 1 : 0);
      // A tick stands only on her review (her saves made it), so it cannot vanish when she edits another step.
      for (const state of states) if (row[state.key] === 1) expect(row[`${state.key}_reviewed`], `${student.id} reviewed ${state.key}`).toBe(1);
      const complete = student.agree_terms_conditions === 1 && states.every((state) => state.complete);
      expect(row.submit, `${student.id} submit`).toBe(complete ? 1 : 0);
      if (student.agree_terms_conditions === 1) {
        agreed += 1;
        expect(documentsComplete, `${student.id} agreed with her documents in`).toBe(true);
        expect(row.completed_on).toBeGreaterThan(20200000);
        for (const upload of documents) expect((await files.read(String(upload.stored_name))).length).toBe(upload.size_bytes);
      }
    }
    expect(agreed).toBeGreaterThan(5);
  });

  it('makes the same school from the same seed', async () => {
    const first = await freshDb();
    const second = await freshDb();
    await demo(first, { students: 30, seed: 7 });
    await demo(second, { students: 30, seed: 7 });
    const names = (db: typeof first) => db.selectFrom('students').select(['id', 'first_name', 'last_name', 'date_of_birth', 'email']).orderBy('id').execute();
    expect(await names(first)).toEqual(await names(second));
  });

  it('is a year after its first rollover: last year kept for returning students, with changes, and leavers, one due to be erased', async () => {
    const t = await buildTestApp();
    try {
      await generateDemoSchool(t.db, { students: 60, files: t.app.deps.files });
      await createAdminUser(t.db);
      const admin = await signedInAdmin(t.app);
      const { year, last_rollover } = (await admin.get('/api/school-year')).json();
      expect(last_rollover).toMatchObject({ from_year: year - 1, to_year: year, undo_until: null });

      // Every returning student (Forms 2–5) and last year's Form 5 have last year's registration; some changed fields since.
      const history = await t.db.selectFrom('registration_history').select(['student_id', 'year', 'class_id']).execute();
      expect(history).toHaveLength(48 + 5);
      const returning = await t.db
        .selectFrom('students')
        .select(['id', 'class_id'])
        .where('class_id', '>=', '2')
        .where('id', 'not in', leaverIds(t.db))
        .execute();
      for (const student of returning) {
        expect(history.find((entry) => entry.student_id === student.id)).toEqual({
          student_id: student.id,
          year: year - 1,
          class_id: `${Number(String(student.class_id)[0]) - 1}${String(student.class_id)[1]}`,
        });
      }
      const changed = await Promise.all(
        returning.map(async (student) => (await admin.get(`/api/student/${student.id}/history`)).json()[0].changed_fields as string[]),
      );
      expect(changed.filter((fields) => fields.length > 0).length).toBeGreaterThan(10);
      expect(changed.flat()).toEqual(expect.arrayContaining(['home_address', 'phone_home', 'email', 'allergy']));

      // Leavers: hidden from the classes' counts; one so long ago that her health data and documents are due to be erased.
      const rows = (await admin.get('/api/students')).json() as Array<{ id: string; left_on?: string }>;
      expect(rows.filter((row) => row.left_on)).toHaveLength(7);
      const retention = (await admin.get('/api/retention')).json();
      expect(retention.due).toEqual([expect.objectContaining({ student_id: `${year - 7}0001`, left_on: `${year - 3}-07-05`, documents: 4 })]);
      expect(retention.due[0].health_fields).toBeGreaterThan(0);
      expect(retention.upcoming).toHaveLength(6);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a database that already has students', async () => {
    const db = await freshDb();
    await demo(db, { students: 5 });
    await expect(demo(db, { students: 5 })).rejects.toThrow('The demo school is only created in an empty database.');
  });

  it('made twice at the same moment on one database (as two servers starting together), is made once: the other is refused, never a duplicate key', async () => {
    const testDb = await createTestDb();
    opened.push(testDb);
    // On PostgreSQL a connection pool of each maker's own, as on two servers.
    const makers = serverPools(testDb, 2);
    try {
      const made = await Promise.allSettled(makers.pools.map((db) => demo(db, { students: 30 })));
      expect(made.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = made.find((result) => result.status === 'rejected');
      expect(String(refused?.reason)).toContain('The demo school is only created in an empty database.');
      // As many students (with last year's leavers) as one school made alone has.
      const students = async (db: Db) =>
        Number(
          (
            await db
              .selectFrom('students')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const alone = await freshDb();
      await demo(alone, { students: 30 });
      expect(await students(testDb.db)).toBe(await students(alone));
      expect(await testDb.db.selectFrom('rollovers').selectAll().execute()).toHaveLength(1);
    } finally {
      await makers.close();
    }
  });
});
