import fs from 'node:fs';
import path from 'node:path';
import type { FieldValue } from '@school/contract';
import { sql } from 'kysely';
import { nowIso, type Db } from '../../../src/db/database.ts';
import { storeMadeDocument } from '../../../src/features/files/index.ts';
import type { FileStore } from '../../../src/lib/file-store/index.ts';
import { createStudent, type TestStudent } from '../../helpers/factories.ts';

/** Health Data values a leaver had: two switches and two text fields (4 fields holding a value). */
export const herHealth = { asthma: 1, diabetes: 1, allergy: 'Peanuts', medical_history: 'Broke an arm in 2019.' } as const;

/** The day `years` years and `days` days before today, 'yyyy-MM-dd'. */
export function daysAgo(days: number, years = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A rollover row for a snapshot to name. */
async function aRollover(db: Db): Promise<number> {
  const row = await db
    .insertInto('rollovers')
    .values({ from_year: 2024, to_year: 2025, at: nowIso(), by: 'registrar', undo_until: nowIso(), version: nowIso(), statuses: '[]', promoted: 0, leavers: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A student who left on `leftOn` with health data, a kept snapshot of last year's registration
 * (with her health data), her four documents in `files`, a data files record, a report card's
 * results and a day's attendance.
 */
export async function leaverWithData(db: Db, files: FileStore, leftOn: string, fields: Record<string, FieldValue> = {}): Promise<TestStudent> {
  const student = await createStudent(db, { ...herHealth, blood_type: 'O-positive', home_address: '12 Coffee Street', ...fields });
  const record = await db.selectFrom('students').selectAll().where('id', '=', student.id).executeTakeFirstOrThrow();
  await db
    .insertInto('registration_history')
    .values({
      student_id: student.id,
      year: 2024,
      rollover_id: await aRollover(db),
      class_id: '1A',
      record: JSON.stringify(record),
      progress: null,
      submitted_on: null,
    })
    .execute();
  await db.insertInto('student_leavers').values({ student_id: student.id, left_on: leftOn, reason: 'Completed Form 5', rollover_id: null }).execute();
  await db
    .updateTable('form_progress')
    .set({ healthData: 1, documents: 1, submit: 1, healthData_reviewed: 1, documents_reviewed: 1 })
    .where('student_id', '=', student.id)
    .execute();
  for (const fileType of ['birth_certificate', 'immunization_card', 'sea_slip', 'picture'] as const) {
    await storeMadeDocument(files, {
      studentId: student.id,
      fileType,
      name: `${fileType}.pdf`,
      mime: 'application/pdf',
      extension: '.pdf',
      bytes: Buffer.from(`%PDF-1.4 ${fileType} of ${student.id}`),
      receivedAt: nowIso(),
    });
  }
  await db.insertInto('student_data_files').values({ student_id: student.id, data: '{"note":"kept with the documents"}', updated_at: nowIso() }).execute();
  await db
    .insertInto('term_summaries')
    .values({
      student_id: student.id,
      year: 2024,
      term: '3',
      form_level: 5,
      class_id: '5A',
      days_present: 60,
      days_possible: 62,
      lates: 1,
      conduct: 'Good',
      teacher_comment: 'Well done.',
      principal_comment: null,
    })
    .execute();
  await db.insertInto('term_results').values({ student_id: student.id, year: 2024, term: '3', subject: 'Mathematics', mark: 81, comment: 'Good' }).execute();
  await db
    .insertInto('attendance_records')
    .values({
      student_id: student.id,
      date_scanned: '2024-06-03',
      attendance_am: 1,
      attendance_pm: 1,
      late: 0,
      time_in: '07:40:00',
      time_out: '15:05:00',
      time_scanned_in: '07:40:00',
      time_scanned_out: '15:05:00',
    })
    .execute();
  return student;
}

/** Everything the retention rule may touch or must keep of a student, to compare before and after. */
export async function whatIsKept(db: Db, studentId: string) {
  return {
    student: await db.selectFrom('students').selectAll().where('id', '=', studentId).executeTakeFirst(),
    progress: await db.selectFrom('form_progress').selectAll().where('student_id', '=', studentId).executeTakeFirst(),
    snapshots: await db.selectFrom('registration_history').select(['id', 'record']).where('student_id', '=', studentId).orderBy('id').execute(),
    documents: await db.selectFrom('uploaded_files').select(['file_type', 'stored_name']).where('student_id', '=', studentId).orderBy('file_type').execute(),
    dataFile: await db.selectFrom('student_data_files').select('data').where('student_id', '=', studentId).executeTakeFirst(),
    summaries: await db.selectFrom('term_summaries').selectAll().where('student_id', '=', studentId).execute(),
    results: await db.selectFrom('term_results').selectAll().where('student_id', '=', studentId).execute(),
    attendance: await db.selectFrom('attendance_records').selectAll().where('student_id', '=', studentId).execute(),
    leaver: await db.selectFrom('student_leavers').selectAll().where('student_id', '=', studentId).executeTakeFirst(),
  };
}

/**
 * Values an erasure must leave nowhere: a medical history (with its earlier wording, edited away
 * before the erasure) and a data files record's value. Each is unlike anything else in the database.
 */
export const erasedValues = {
  history: 'Erased-history-Q7ZK: asthma attack on a school trip in 2023, treated at the hospital; inhaler kept in the office.',
  earlierHistory: 'Erased-earlier-W4PX: broke an arm in 2019.',
  dataFile: 'Erased-datafile-M2RT',
} as const;

/** A leaver due for erasure whose record holds `erasedValues`, the history written twice (the first freed by the second). */
export async function leaverWithValuesToErase(db: Db, files: FileStore, leftOn: string): Promise<TestStudent> {
  const student = await leaverWithData(db, files, leftOn, { medical_history: erasedValues.earlierHistory });
  await db.updateTable('students').set({ medical_history: erasedValues.history }).where('id', '=', student.id).execute();
  await db
    .updateTable('student_data_files')
    .set({ data: JSON.stringify({ note: erasedValues.dataFile }) })
    .where('student_id', '=', student.id)
    .execute();
  return student;
}

/** The tables an erasure changes, whose stored pages must not keep what it removed. */
const erasedTables = ['students', 'registration_history', 'student_data_files', 'uploaded_files'];

/**
 * Which of `values` the database's own files still hold, read byte by byte as `grep -a` would:
 * the SQLite database file and its WAL, or on PostgreSQL every page of the erased tables and of
 * their TOAST tables (through pageinspect). Each finding names the value and where it was.
 */
export async function valuesInDatabaseFiles(db: Db, where: { sqliteFile: string } | { postgres: true }, values: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  if ('sqliteFile' in where) {
    for (const file of [where.sqliteFile, `${where.sqliteFile}-wal`]) {
      if (!fs.existsSync(file)) continue;
      const bytes = fs.readFileSync(file);
      for (const value of values) if (bytes.includes(Buffer.from(value))) found.push(`${value} in ${path.basename(file)}`);
    }
    return found;
  }
  await sql`CREATE EXTENSION IF NOT EXISTS pageinspect`.execute(db);
  for (const table of erasedTables) {
    const { rows: relations } = await sql<{ name: string }>`
      SELECT c.oid::regclass::text AS name FROM pg_class c WHERE c.relname = ${table}
      UNION ALL SELECT t.oid::regclass::text FROM pg_class c JOIN pg_class t ON t.oid = c.reltoastrelid WHERE c.relname = ${table}`.execute(db);
    for (const { name } of relations) {
      for (const value of values) {
        const { rows } = await sql<{ pages: number }>`
          SELECT count(*) AS pages FROM generate_series(0, pg_relation_size(${name}::regclass) / current_setting('block_size')::int - 1) AS page
          WHERE position(convert_to(${value}, 'UTF8') IN get_raw_page(${name}, page::int)) > 0`.execute(db);
        if (Number(rows[0].pages) > 0) found.push(`${value} in ${name}`);
      }
    }
  }
  return found;
}
