import { studentColumns, type FieldValue } from '@school/contract';
import type { Expression, Selectable } from 'kysely';
import type { DialectName, Executor } from '../../db/database.ts';
import { lockedOnPostgres } from '../../db/dialect.ts';
import { groupedRead, integerStudentColumns, type RecordChange } from '../../db/record-writes.ts';
import { progressColumns, registrationWrites, type ProgressRow } from './progress-columns.ts';
import type { FormProgressTable, RegistrationStatusTable, ReviewedColumn } from '../../db/schema.ts';

export type { ProgressRow };
export type StudentRow = { id: string; created_at: string; updated_at: string } & Record<string, FieldValue>;
export type ProgressFlags = Omit<FormProgressTable, 'student_id' | ReviewedColumn | 'completed_on'>;

/** What a save reads of a record: the record, its form's registration window and its progress row. */
export type FoundForSave = { student: StudentRow; status: RegistrationStatusTable | undefined; progress: ProgressRow | undefined };

/**
 * What a save needs to know, in one read: the record, its form's registration window and its
 * progress row (the window's and progress's columns prefixed). Three reads would cost three round
 * trips to PostgreSQL on every autosave.
 */
const findForSaveQuery = (db: Executor, id: Expression<string>) =>
  db
    .selectFrom('students')
    .leftJoin('form_classes', 'form_classes.id', 'students.class_id')
    .leftJoin('registration_status', 'registration_status.form_level', 'form_classes.form_level')
    .leftJoin('form_progress', 'form_progress.student_id', 'students.id')
    .selectAll('students')
    .select([
      'registration_status.form_level as window_form_level',
      'registration_status.open as window_open',
      'registration_status.deadline as window_deadline',
      'registration_status.updated_at as window_updated_at',
      'form_progress.student_id as progress_student_id',
      ...progressColumns.map((column) => `form_progress.${column} as progress_${column}` as const),
    ])
    .where('students.id', '=', id);

/** `findForSaveQuery`'s row made into what a save reads. */
function foundForSave(row: Record<string, FieldValue>): FoundForSave {
  // The row is the record; the window's and progress's columns beside it go unread by the presenters.
  const status =
    row.window_form_level === null
      ? undefined
      : {
          form_level: Number(row.window_form_level),
          open: Number(row.window_open),
          deadline: row.window_deadline as string | null,
          updated_at: String(row.window_updated_at),
        };
  const progress =
    row.progress_student_id === null
      ? undefined
      : (Object.fromEntries(progressColumns.map((column) => [column, Number(row[`progress_${column}`])])) as ProgressRow);
  return { student: row as StudentRow, status, progress };
}

/** The record read for a save: `findForSaveQuery`, grouped with the others of its turn on PostgreSQL (`groupedRead`). */
const recordForSave = groupedRead({
  query: findForSaveQuery,
  columns: [
    'id',
    'created_at',
    'updated_at',
    ...studentColumns,
    'window_form_level',
    'window_open',
    'window_deadline',
    'window_updated_at',
    'progress_student_id',
    ...progressColumns.map((column) => `progress_${column}`),
  ],
  integers: new Set([...integerStudentColumns, 'window_form_level', 'window_open', ...progressColumns.map((column) => `progress_${column}`)]),
  make: foundForSave,
});

export const registrationRepository = {
  findStudent(db: Executor, id: string): Promise<StudentRow | undefined> {
    return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst() as Promise<StudentRow | undefined>;
  },

  /** The record, held until the transaction ends on PostgreSQL: a save that comes meanwhile waits, then finds the version moved. */
  findStudentForUpdate(trx: Executor, id: string): Promise<StudentRow | undefined> {
    return lockedOnPostgres(trx.selectFrom('students').selectAll().where('id', '=', id), trx).executeTakeFirst() as Promise<StudentRow | undefined>;
  },

  /** The record with its registration window and progress row, for a save (see `findForSaveQuery`). */
  findForSave(db: Executor, dialect: DialectName, id: string): Promise<FoundForSave | undefined> {
    return recordForSave.read(db, dialect, id);
  },

  /** The same read, for the session layer to make with a student's session (decision 033). */
  recordForSave,

  /** Writes a save's change, its progress row and its audit row, or nothing if the version moved (`saveRecordChanges`). */
  saveChanges(db: Executor, dialect: DialectName, change: RecordChange): Promise<boolean> {
    return registrationWrites.saveRecordChanges(db, dialect, change);
  },

  findProgress(db: Executor, studentId: string): Promise<Selectable<FormProgressTable> | undefined> {
    return db.selectFrom('form_progress').selectAll().where('student_id', '=', studentId).executeTakeFirst();
  },

  /** The progress rows of several students (none for a student without one). */
  findProgressOf(db: Executor, studentIds: string[]): Promise<Array<Selectable<FormProgressTable>>> {
    if (studentIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('form_progress').selectAll().where('student_id', 'in', studentIds).execute();
  },

  /** Writes the whole progress row; a reviewed mark already set stays set (`progressUpdate`). */
  async saveProgress(db: Executor, studentId: string, row: ProgressRow): Promise<void> {
    await registrationWrites.upsertProgress(db, studentId, row);
  },

  /**
   * Sets one step's reviewed mark, first in its transaction: on PostgreSQL the row stays locked
   * until the end, so marks made at the same moment wait for one another and none is lost.
   */
  async markReviewed(db: Executor, studentId: string, column: ReviewedColumn): Promise<void> {
    await db
      .insertInto('form_progress')
      .values({ ...Object.fromEntries(progressColumns.map((name) => [name, 0])), [column]: 1, student_id: studentId } as ProgressRow & { student_id: string })
      .onConflict((conflict) => conflict.column('student_id').doUpdateSet({ [column]: 1 }))
      .execute();
  },

  /** How many of the document types the student has uploaded. */
  async countDocumentTypes(db: Executor, studentId: string): Promise<number> {
    const row = await db
      .selectFrom('uploaded_files')
      .select((eb) => eb.fn.count<number>('file_type').distinct().as('count'))
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The registration window of the student's form level (from her class). */
  findStatusForClass(db: Executor, classId: string | null): Promise<RegistrationStatusTable | undefined> {
    return db
      .selectFrom('registration_status')
      .innerJoin('form_classes', 'form_classes.form_level', 'registration_status.form_level')
      .selectAll('registration_status')
      .where('form_classes.id', '=', classId ?? '')
      .executeTakeFirst();
  },

  /** The school's current year (decision 045): 2026 is 2026-2027. */
  async findSchoolYear(db: Executor): Promise<number> {
    const row = await db.selectFrom('school_year').select('year').where('id', '=', 1).executeTakeFirstOrThrow();
    return Number(row.year);
  },

  findStatus(db: Executor, formLevel: number): Promise<RegistrationStatusTable | undefined> {
    return db.selectFrom('registration_status').selectAll().where('form_level', '=', formLevel).executeTakeFirst();
  },

  listStatuses(db: Executor): Promise<RegistrationStatusTable[]> {
    return db.selectFrom('registration_status').selectAll().orderBy('form_level').execute();
  },

  async saveStatus(db: Executor, status: RegistrationStatusTable): Promise<void> {
    await db
      .insertInto('registration_status')
      .values(status)
      .onConflict((conflict) => conflict.column('form_level').doUpdateSet({ open: status.open, deadline: status.deadline, updated_at: status.updated_at }))
      .execute();
  },
};
