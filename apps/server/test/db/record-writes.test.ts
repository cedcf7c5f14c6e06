import { studentColumns, type AuditAction, type FieldValue } from '@school/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName, Executor } from '../../src/db/database.ts';
import { groupedRead, integerStudentColumns, type RecordChange } from '../../src/db/record-writes.ts';
import { progressColumns, registrationWrites, type ProgressRow } from '../../src/features/registration/progress-columns.ts';

const { saveRecordChanges, saveRecordChangesTogether, saveStatementsFor } = registrationWrites;
import { createStudent, type TestStudent } from '../helpers/factories.ts';
import { createTestDb, testDialect, type TestDb } from '../helpers/test-db.ts';

let test: TestDb;
beforeAll(async () => {
  test = await createTestDb();
});
afterAll(() => test.close());

const rowsOf = (students: TestStudent[]) =>
  test.db
    .selectFrom('students')
    .selectAll()
    .where(
      'id',
      'in',
      students.map((one) => one.id),
    )
    .execute();

describe(`a row read by key for a save, on ${testDialect}`, () => {
  const nameRead = () =>
    groupedRead({
      query: (db: Executor, key) => db.selectFrom('students').select(['id', 'first_name', 'asthma']).where('id', '=', key),
      columns: ['id', 'first_name', 'asthma'],
      integers: new Set(['asthma']),
      make: (row: Record<string, FieldValue>) => ({ id: String(row.id), firstName: row.first_name, asthma: row.asthma }),
    });

  it('answers each key its own row, made as the caller asks, and nothing for an unknown key', async () => {
    const students = await Promise.all(
      ['Zoë "Zee"', 'Line 1\nLine 2', ''].map((first_name, index) => createStudent(test.db, { first_name, asthma: index % 2 })),
    );
    const read = nameRead();
    const answers = await Promise.all([...students.map((one) => read.read(test.db, testDialect, one.id)), read.read(test.db, testDialect, 'no-such-student')]);
    expect(answers).toEqual([
      { id: students[0].id, firstName: 'Zoë "Zee"', asthma: 0 },
      { id: students[1].id, firstName: 'Line 1\nLine 2', asthma: 1 },
      { id: students[2].id, firstName: '', asthma: 0 },
      undefined,
    ]);
  });

  it.runIf(testDialect === 'postgres')('is one value inside another statement on PostgreSQL, made into the same row, and null for no row', async () => {
    const student = await createStudent(test.db, { first_name: 'Ama', asthma: 1 });
    const read = nameRead();
    const [row] = await test.db
      .selectNoFrom([read.packed(test.db, sql.val(student.id)).as('known'), read.packed(test.db, sql.val('no-such-student')).as('unknown')])
      .execute();
    expect(read.unpack(row.known!)).toEqual(await read.read(test.db, testDialect, student.id));
    expect(row.unknown).toBeNull();
  });
});

/** A progress row with nothing done and nothing reviewed. */
const unreviewed: ProgressRow = Object.fromEntries(progressColumns.map((column) => [column, 0])) as ProgressRow;

describe('the save statements, compiled once per set of changed columns', () => {
  it('take their parameters in the order the compiled statement has them, whatever the values', () => {
    const change: RecordChange = {
      id: 'S-1',
      expectedUpdatedAt: 'v1',
      values: { email: 'kezia@example.tt', allergy: null, asthma: 1, not_a_column: 'dropped' },
      updatedAt: 'v2',
      progress: { ...unreviewed, studentData: 1, healthData: 1, documents: 1, healthData_reviewed: 1 },
      audit: { at: 'at', actor_kind: 'student', actor_id: 'S-1', action: 'student.record-updated', student_id: 'S-1', ip: null, detail: 'd', request_id: 'r' },
    };
    for (const progress of [change.progress, null]) {
      const { update, statement } = saveStatementsFor(test.db, { ...change, progress });
      for (const built of [update, statement]) {
        expect(built.parameters).toEqual([...built.compiled.parameters]);
        // The statement built from placeholder values is the same text, so one compilation serves every save of these columns.
        expect(built.shapeSql).toBe(built.compiled.sql);
        expect(built.compiled.sql).not.toContain('not_a_column');
      }
    }
  });
});

/** The ways a database writes saves: each alone everywhere, and on PostgreSQL those that arrive together in one statement. */
type SaveWay = [name: string, save: (db: Executor, dialect: DialectName, changes: RecordChange[]) => Promise<boolean[]>];
const ways: SaveWay[] = [['one at a time', (db, dialect, changes) => Promise.all(changes.map((change) => saveRecordChanges(db, dialect, change)))]];
if (testDialect === 'postgres') ways.push(['together, in one statement', (db, _dialect, changes) => saveRecordChangesTogether(db, changes)]);

describe.each(ways)(`saves written %s, on ${testDialect}`, (way, save) => {
  it('write each record, progress and audit row, and nothing of a save whose version moved', async () => {
    // A name of the test's own, outside the contract's actions, to find its rows.
    const action = `student.saved ${way}` as AuditAction;
    const students = await Promise.all([1, 2, 3, 4].map(() => createStudent(test.db, { class_id: '3A' })));
    const stored = await rowsOf(students);
    const versionOf = (id: string) => String(stored.find((row) => row.id === id)!.updated_at);
    const audit = (id: string) => ({
      at: '2026-11-25T00:00:00.000Z',
      actor_kind: 'student' as const,
      actor_id: id,
      action,
      student_id: id,
      ip: '127.0.0.1',
      detail: 'fields',
      request_id: `r-${id}`,
    });
    const progress = { ...unreviewed, studentData: 1, familyData: 1, otherData: 1, healthData_reviewed: 1 };
    const changes: RecordChange[] = [
      // Text with quotes, a line break and a null; a flag; only the columns named change.
      {
        id: students[0].id,
        expectedUpdatedAt: versionOf(students[0].id),
        values: { email: 'a"b@example.tt', home_address: 'Line 1\nLine 2', middle_name: null },
        updatedAt: 'v-0',
        progress,
        audit: audit(students[0].id),
      },
      {
        id: students[1].id,
        expectedUpdatedAt: versionOf(students[1].id),
        values: { asthma: 1 },
        updatedAt: 'v-1',
        progress: null,
        audit: audit(students[1].id),
      },
      // Someone saved first: nothing of this one is written.
      {
        id: students[2].id,
        expectedUpdatedAt: 'an older version',
        values: { email: 'lost@example.tt' },
        updatedAt: 'v-2',
        progress,
        audit: audit(students[2].id),
      },
      {
        id: students[3].id,
        expectedUpdatedAt: versionOf(students[3].id),
        values: { allergy: 'Peanuts' },
        updatedAt: 'v-3',
        progress: null,
        audit: audit(students[3].id),
      },
    ];
    expect(await save(test.db, testDialect, changes)).toEqual([true, true, false, true]);

    const after = await rowsOf(students);
    for (const [index, change] of changes.entries()) {
      const row = after.find((one) => one.id === change.id)!;
      const before = stored.find((one) => one.id === change.id)!;
      // Every column is as it was but for the save's own, and its new version.
      expect(row).toEqual(index === 2 ? before : { ...before, ...change.values, updated_at: change.updatedAt });
    }
    const audits = await test.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
    expect(audits.map((row) => row.student_id).sort()).toEqual([students[0].id, students[1].id, students[3].id].sort());
    expect(audits.find((row) => row.student_id === students[0].id)).toMatchObject(audit(students[0].id));
    const progressRows = await test.db
      .selectFrom('form_progress')
      .selectAll()
      .where(
        'student_id',
        'in',
        students.map((one) => one.id),
      )
      .execute();
    expect(progressRows.find((row) => row.student_id === students[0].id)).toMatchObject(progress);
    // No flag moved for the second; the refused third's flags are untouched.
    expect(progressRows.find((row) => row.student_id === students[1].id)).toMatchObject({ studentData: 0, healthData_reviewed: 0 });
    expect(progressRows.find((row) => row.student_id === students[2].id)).toMatchObject({ studentData: 0, healthData_reviewed: 0 });

    // A save that read the progress before a step was reviewed elsewhere keeps the mark (decision 026).
    const newer = (await rowsOf([students[0]]))[0];
    const stale = { ...unreviewed, studentData: 1, documents_reviewed: 1 };
    expect(await save(test.db, testDialect, [{ ...changes[0], expectedUpdatedAt: String(newer.updated_at), updatedAt: 'v-0b', progress: stale }])).toEqual([
      true,
    ]);
    const kept = await test.db.selectFrom('form_progress').selectAll().where('student_id', '=', students[0].id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ ...stale, healthData_reviewed: 1, familyData: 0 });
  });
});

describe.runIf(testDialect === 'postgres')('the record as PostgreSQL holds it', () => {
  it('names each record column with the type it has in the database', async () => {
    const { rows } = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns where table_name = 'students' and table_schema = current_schema()`.execute(test.db);
    const integers = rows.filter((row) => row.data_type === 'integer').map((row) => row.column_name);
    expect(integers.sort()).toEqual([...integerStudentColumns].sort());
    expect(rows.filter((row) => row.data_type !== 'integer' && row.data_type !== 'text')).toEqual([]);
    // The record is read as an array of exactly these columns.
    expect(rows.map((row) => row.column_name).sort()).toEqual(['id', 'created_at', 'updated_at', ...studentColumns].sort());
  });
});
