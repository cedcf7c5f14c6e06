import { parentsContactRowSchema, progressFlagKeys, type FieldValue, type ParentsContactRow } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { FormProgressTable } from '../../db/schema.ts';
import { sql } from 'kysely';

/**
 * A student's record with her progress flags (null when she has none yet), and, when asked for,
 * her registration as kept at the end of last year (JSON; null when none was kept).
 */
export type StudentWithProgress = {
  id: string;
  created_at: string;
  updated_at: string;
  form_level: number | null;
  /** The day she left the school, or null while she is at it. */
  left_on: string | null;
  last_year_record?: string | null;
} & Record<string, FieldValue> &
  Partial<Omit<FormProgressTable, 'student_id'>>;

/** Where a page of students stops: the next page starts after it. */
export type PageEnd = { classId: string; id: string };

/** The record's columns of a Parents Contact row (the day she left is the leavers' table's). */
const parentsContactColumns = Object.keys(parentsContactRowSchema.shape)
  .filter((column) => column !== 'left_on')
  .map((column) => `students.${column}` as `students.${Exclude<keyof ParentsContactRow, 'left_on'>}`);

export const adminDataRepository = {
  /**
   * One page of students with their progress, in class order then ID (students without a class
   * first), after `after` (keyset paging: each page is one short query, so a long download never
   * holds the database). `formLevel` keeps one form level's classes; `columns` reads only those
   * columns of the record (the ID and class always), every column by default. `lastYear` joins
   * each student's registration kept at the end of that year (`last_year_record`), in the same query.
   * Students who have left are left out unless `withLeavers` (decision 069); each row has `left_on`.
   */
  studentsPage(
    db: Executor,
    options: { formLevel?: number; classId?: string; after?: PageEnd; limit: number; columns?: readonly string[]; lastYear?: number; withLeavers?: boolean },
  ) {
    const { formLevel, classId, after, limit, columns, lastYear, withLeavers = false } = options;
    // Students without a class sort first, under the empty class.
    const classKey = sql<string>`coalesce(students.class_id, '')`;
    return db
      .selectFrom('students')
      .leftJoin('form_progress', 'form_progress.student_id', 'students.id')
      .leftJoin('form_classes', 'form_classes.id', 'students.class_id')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .$if(!withLeavers, (query) => query.where('student_leavers.student_id', 'is', null))
      .select('student_leavers.left_on')
      .$if(columns === undefined, (query) => query.selectAll('students'))
      .$if(columns !== undefined, (query) =>
        query.select([...new Set(['id', 'class_id', ...columns!])].map((column) => sql.ref(`students.${column}`).as(column))),
      )
      .select(progressFlagKeys.map((key) => `form_progress.${key}` as const))
      .select('form_classes.form_level')
      .$if(lastYear !== undefined, (query) =>
        query
          .leftJoin('registration_history', (join) =>
            join.onRef('registration_history.student_id', '=', 'students.id').on('registration_history.year', '=', lastYear!),
          )
          .select('registration_history.record as last_year_record'),
      )
      .$if(formLevel !== undefined, (query) => query.where('form_classes.form_level', '=', formLevel!))
      .$if(classId !== undefined, (query) => query.where('students.class_id', '=', classId!))
      .$if(after !== undefined, (query) =>
        query.where((eb) => eb.or([eb(classKey, '>', after!.classId), eb.and([eb(classKey, '=', after!.classId), eb('students.id', '>', after!.id)])])),
      )
      .orderBy(classKey)
      .orderBy('students.id')
      .limit(limit)
      .execute() as Promise<StudentWithProgress[]>;
  },

  /** How many students the school (or one class) has: still at the school, and who have left (decision 069). */
  async studentCounts(db: Executor, classId: string | null = null): Promise<{ atSchool: number; leavers: number }> {
    const row = await db
      .selectFrom('students')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .select((eb) => [eb.fn.count<number | string>('students.id').as('all'), eb.fn.count<number | string>('student_leavers.student_id').as('leavers')])
      .$if(classId !== null, (query) => query.where('students.class_id', '=', classId!))
      .executeTakeFirstOrThrow();
    return { atSchool: Number(row.all) - Number(row.leavers), leavers: Number(row.leavers) };
  },

  /** The form levels that have classes, lowest first. */
  async formLevels(db: Executor): Promise<number[]> {
    const rows = await db.selectFrom('form_classes').select('form_level').distinct().orderBy('form_level').execute();
    return rows.map((row) => row.form_level);
  },

  /**
   * The Parents Contact columns of one class's students (or everyone's), by class then name, with
   * the day each left; students who have left only `withLeavers` (decision 069).
   */
  parentsContact(db: Executor, classId: string | null, { withLeavers = false } = {}) {
    return db
      .selectFrom('students')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .select([...parentsContactColumns, 'student_leavers.left_on'])
      .$if(classId !== null, (query) => query.where('students.class_id', '=', classId!))
      .$if(!withLeavers, (query) => query.where('student_leavers.student_id', 'is', null))
      .orderBy('students.class_id')
      .orderBy('students.last_name')
      .orderBy('students.first_name')
      .orderBy('students.id')
      .execute() as Promise<ParentsContactRow[]>;
  },

  findClass: (db: Executor, classId: string) => db.selectFrom('form_classes').select(['id', 'form_level']).where('id', '=', classId).executeTakeFirst(),

  /** Which documents each student has uploaded (one row per student and type). */
  documentsUploaded: (db: Executor) => db.selectFrom('uploaded_files').select(['student_id', 'file_type']).distinct().execute(),

  formClasses: (db: Executor) => db.selectFrom('form_classes').select(['id', 'form_level']).orderBy('form_level').orderBy('id').execute(),

  houses: (db: Executor) => db.selectFrom('houses').select(['id', 'name']).orderBy('id').execute(),

  /** Students' current values of the given columns, for the IDs of one slice of an import. */
  findStudents(db: Executor, ids: string[], columns: readonly string[]) {
    return db
      .selectFrom('students')
      .select(['id', 'updated_at', ...columns] as Array<'id'>)
      .where('id', 'in', ids)
      .execute() as Promise<Array<Record<string, FieldValue> & { id: string }>>;
  },

  /** Past imports, published or interrupted, newest first (a running one is not history yet). */
  importHistory: (db: Executor, limit: number) =>
    db.selectFrom('student_imports').selectAll().where('outcome', '!=', 'running').orderBy('id', 'desc').limit(limit).execute(),

  /** How the admin's latest import ended. */
  lastImport: (db: Executor, adminId: number) =>
    db
      .selectFrom('student_imports')
      .select(['id', 'outcome'])
      .where('admin_id', '=', adminId)
      .where('outcome', '!=', 'running')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
};
