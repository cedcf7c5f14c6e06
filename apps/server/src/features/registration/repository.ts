import { studentColumns, type FieldValue } from '@school/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { FormProgressTable, RegistrationStatusTable } from '../../db/schema.ts';

export type StudentRow = { id: string; created_at: string; updated_at: string } & Record<string, FieldValue>;
export type ProgressFlags = Omit<FormProgressTable, 'student_id' | 'health_data_saved'>;
/** The progress row: the spec's flags and whether Health Data was saved (decision 026). */
export type ProgressRow = ProgressFlags & { health_data_saved: number };

export const registrationRepository = {
  findStudent(db: Executor, id: string): Promise<StudentRow | undefined> {
    return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst() as Promise<StudentRow | undefined>;
  },

  /** Writes the given columns and the new version, only if the version is still `expectedUpdatedAt`. */
  async updateStudent(db: Executor, id: string, expectedUpdatedAt: string, values: Record<string, FieldValue>, updatedAt: string): Promise<boolean> {
    const known = Object.fromEntries(Object.entries(values).filter(([column]) => studentColumns.includes(column)));
    const result = await db
      .updateTable('students')
      .set({ ...known, updated_at: updatedAt })
      .where('id', '=', id)
      .where('updated_at', '=', expectedUpdatedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  findProgress(db: Executor, studentId: string): Promise<Selectable<FormProgressTable> | undefined> {
    return db.selectFrom('form_progress').selectAll().where('student_id', '=', studentId).executeTakeFirst();
  },

  async saveProgress(db: Executor, studentId: string, flags: Partial<ProgressRow>): Promise<void> {
    const empty: ProgressFlags = { studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0 };
    await db
      .insertInto('form_progress')
      .values({ ...empty, ...flags, student_id: studentId })
      .onConflict((conflict) => conflict.column('student_id').doUpdateSet(flags))
      .execute();
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
