import type { Executor } from '../db/database.ts';

/** What the access check reads beside the session: which class a named student is in. */
export const accessRepository = {
  /** The class of a student, for a class-bound role's reach (null for no class or no such student). */
  async classOfStudent(db: Executor, studentId: string): Promise<string | null> {
    const row = await db.selectFrom('students').select('class_id').where('id', '=', studentId).executeTakeFirst();
    return (row?.class_id as string | null | undefined) ?? null;
  },
};
