import type { FieldValue } from '@school/contract';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { progressColumns } from '../registration/index.ts';
import type { FormProgressTable, RegistrationHistoryTable, RegistrationStatusTable, RolloversTable, StudentLeaversTable } from '../../db/schema.ts';

/** A students row, every column. */
export type StudentRow = { id: string; created_at: string; updated_at: string } & Record<string, FieldValue>;

/** Rows a statement names by key at most: well under either database's limit of parameters. */
const CHUNK = 400;
const chunksOf = <T>(items: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The actions by which a student changes her registration (the audit log's names): after any, a rollover is hers too. */
const studentChanges = ['student.record-updated', 'file.uploaded', 'file.deleted'];

export const schoolYearRepository = {
  async currentYear(db: Executor): Promise<number> {
    const row = await db.selectFrom('school_year').select('year').where('id', '=', 1).executeTakeFirstOrThrow();
    return Number(row.year);
  },

  /**
   * Moves the year from `from` to `to` if it is still `from`: whether it moved. On PostgreSQL the
   * row stays locked until the transaction ends, so a second rollover waits for the first and then
   * finds the year moved.
   */
  async moveYear(db: Executor, from: number, to: number): Promise<boolean> {
    const result = await db.updateTable('school_year').set({ year: to }).where('id', '=', 1).where('year', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Every class with the number of its students still at the school, by form level then id. */
  async classesWithStudents(db: Executor) {
    const rows = await db
      .selectFrom('form_classes')
      .leftJoin('students', 'students.class_id', 'form_classes.id')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .select(['form_classes.id as class_id', 'form_classes.form_level', sql<number>`count(students.id) - count(student_leavers.student_id)`.as('students')])
      .groupBy(['form_classes.id', 'form_classes.form_level'])
      .orderBy('form_classes.form_level')
      .orderBy('form_classes.id')
      .execute();
    return rows.map((row) => ({ class_id: row.class_id, form_level: Number(row.form_level), students: Number(row.students) }));
  },

  /** Students still at the school: each whole record with her progress row's `submit`. */
  studentsAtSchool(db: Executor): Promise<Array<StudentRow & { progress_submit: number | null }>> {
    return (
      db
        .selectFrom('students')
        .leftJoin('form_progress', 'form_progress.student_id', 'students.id')
        .selectAll('students')
        .select('form_progress.submit as progress_submit')
        // Still at the school: no leaver's row.
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('student_leavers').select('student_leavers.student_id').whereRef('student_leavers.student_id', '=', 'students.id'))),
        )
        .execute() as Promise<Array<StudentRow & { progress_submit: number | null }>>
    );
  },

  async progressOf(db: Executor, ids: readonly string[]): Promise<Array<Selectable<FormProgressTable>>> {
    const rows: Array<Selectable<FormProgressTable>> = [];
    for (const chunk of chunksOf(ids)) rows.push(...(await db.selectFrom('form_progress').selectAll().where('student_id', 'in', chunk).execute()));
    return rows;
  },

  /** Terms of `year` with results or report cards whose reports are not posted. */
  async unpostedTerms(db: Executor, year: number): Promise<string[]> {
    const withReports = db
      .selectFrom('term_summaries')
      .select(['year', 'term'])
      .where('year', '=', year)
      .union(db.selectFrom('report_card_files').select(['year', 'term']).where('year', '=', year));
    const rows = await db
      .selectFrom(withReports.as('reported'))
      .leftJoin('term_reports', (join) => join.onRef('term_reports.year', '=', 'reported.year').onRef('term_reports.term', '=', 'reported.term'))
      .select('reported.term')
      .where((eb) => eb.or([eb('term_reports.posted', 'is', null), eb('term_reports.posted', '=', 0)]))
      .orderBy('reported.term')
      .execute();
    return rows.map((row) => String(row.term));
  },

  listStatuses(db: Executor): Promise<RegistrationStatusTable[]> {
    return db.selectFrom('registration_status').selectAll().orderBy('form_level').execute();
  },

  async closeRegistration(db: Executor, at: string): Promise<void> {
    await db.updateTable('registration_status').set({ open: 0, updated_at: at }).execute();
  },

  async restoreStatus(db: Executor, status: RegistrationStatusTable): Promise<void> {
    await db
      .updateTable('registration_status')
      .set({ open: status.open, deadline: status.deadline, updated_at: status.updated_at })
      .where('form_level', '=', status.form_level)
      .execute();
  },

  async insertRollover(db: Executor, rollover: Insertable<RolloversTable>): Promise<number> {
    const row = await db.insertInto('rollovers').values(rollover).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** The newest rollover not undone, or undefined. */
  lastRollover(db: Executor): Promise<Selectable<RolloversTable> | undefined> {
    return db.selectFrom('rollovers').selectAll().where('undone_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  async markUndone(db: Executor, id: number, at: string): Promise<void> {
    await db.updateTable('rollovers').set({ undone_at: at }).where('id', '=', id).execute();
  },

  /** Whether a student of the rollover has changed her registration since: her record's version moved, or she saved or changed a document. */
  async studentSavedSince(db: Executor, rollover: Pick<Selectable<RolloversTable>, 'id' | 'at' | 'version'>): Promise<boolean> {
    const moved = await db
      .selectFrom('registration_history')
      .innerJoin('students', 'students.id', 'registration_history.student_id')
      .select('students.id')
      .where('registration_history.rollover_id', '=', rollover.id)
      .where('students.updated_at', '<>', rollover.version)
      .limit(1)
      .executeTakeFirst();
    if (moved) return true;
    const saved = await db
      .selectFrom('audit_log')
      .select('id')
      .where('actor_kind', '=', 'student')
      .where('at', '>', rollover.at)
      .where('action', 'in', studentChanges)
      .limit(1)
      .executeTakeFirst();
    return saved !== undefined;
  },

  async insertHistory(db: Executor, rows: ReadonlyArray<Insertable<RegistrationHistoryTable>>): Promise<void> {
    for (const chunk of chunksOf(rows, 100)) await db.insertInto('registration_history').values(chunk).execute();
  },

  historyOf(db: Executor, rolloverId: number): Promise<Array<Selectable<RegistrationHistoryTable>>> {
    return db.selectFrom('registration_history').selectAll().where('rollover_id', '=', rolloverId).execute();
  },

  /** A student's kept registrations, oldest year first. */
  historyOfStudent(db: Executor, studentId: string): Promise<Array<Selectable<RegistrationHistoryTable>>> {
    return db.selectFrom('registration_history').selectAll().where('student_id', '=', studentId).orderBy('year').execute();
  },

  /** A student's registration as kept at the end of `year`, or undefined when she has none (she was not at the school). */
  snapshotOf(db: Executor, studentId: string, year: number): Promise<Selectable<RegistrationHistoryTable> | undefined> {
    return db.selectFrom('registration_history').selectAll().where('student_id', '=', studentId).where('year', '=', year).executeTakeFirst();
  },

  findStudent(db: Executor, id: string): Promise<StudentRow | undefined> {
    return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst() as Promise<StudentRow | undefined>;
  },

  async deleteHistory(db: Executor, rolloverId: number): Promise<void> {
    await db.deleteFrom('registration_history').where('rollover_id', '=', rolloverId).execute();
  },

  /** Moves students into `classId` for the new year: the agreement is cleared and the record's version is `version`; their data stays. */
  async promote(db: Executor, ids: readonly string[], classId: string, version: string): Promise<void> {
    for (const chunk of chunksOf(ids)) {
      await db
        .updateTable('students')
        .set({ class_id: classId, agree_terms_conditions: 0, terms_and_conditions: null, updated_at: version })
        .where('id', 'in', chunk)
        .execute();
    }
  },

  /** Gives leavers' records the rollover's version, so that a save they began before it is refused as stale. */
  async stampVersion(db: Executor, ids: readonly string[], version: string): Promise<void> {
    for (const chunk of chunksOf(ids)) await db.updateTable('students').set({ updated_at: version }).where('id', 'in', chunk).execute();
  },

  /** Clears every step's done flag and reviewed mark and the day of completion: the new year's registration and review start. */
  async resetProgress(db: Executor, ids: readonly string[]): Promise<void> {
    const cleared = Object.fromEntries(progressColumns.map((column) => [column, 0]));
    for (const chunk of chunksOf(ids)) await db.updateTable('form_progress').set(cleared).where('student_id', 'in', chunk).execute();
  },

  async insertLeavers(db: Executor, rows: ReadonlyArray<Insertable<StudentLeaversTable>>): Promise<void> {
    for (const chunk of chunksOf(rows, 200)) await db.insertInto('student_leavers').values(chunk).execute();
  },

  /** Ends every session of these students (leavers sign in no more). */
  async endSessions(db: Executor, ids: readonly string[]): Promise<void> {
    for (const chunk of chunksOf(ids)) await db.deleteFrom('sessions').where('student_id', 'in', chunk).execute();
  },

  findLeaver(db: Executor, studentId: string): Promise<Selectable<StudentLeaversTable> | undefined> {
    return db.selectFrom('student_leavers').selectAll().where('student_id', '=', studentId).executeTakeFirst();
  },

  async deleteLeaver(db: Executor, studentId: string): Promise<void> {
    await db.deleteFrom('student_leavers').where('student_id', '=', studentId).execute();
  },

  async studentExists(db: Executor, studentId: string): Promise<boolean> {
    return (await db.selectFrom('students').select('id').where('id', '=', studentId).executeTakeFirst()) !== undefined;
  },

  async deleteLeaversOf(db: Executor, rolloverId: number): Promise<void> {
    await db.deleteFrom('student_leavers').where('rollover_id', '=', rolloverId).execute();
  },

  /** Puts back what a rollover changed of a record: class, agreement, terms and version. */
  async restoreStudent(db: Executor, id: string, values: Record<string, string | number | null>): Promise<void> {
    await db.updateTable('students').set(values).where('id', '=', id).execute();
  },

  async restoreProgress(db: Executor, studentId: string, values: Record<string, number>): Promise<void> {
    await db.updateTable('form_progress').set(values).where('student_id', '=', studentId).execute();
  },
};
