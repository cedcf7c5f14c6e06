import type { Executor } from '../db/database.ts';

/** What the access check reads beside the session: which class a named student is in, and whether a guardian may see her. */
export const accessRepository = {
  /** The class of a student, for a class-bound role's reach (null for no class or no such student). */
  async classOfStudent(db: Executor, studentId: string): Promise<string | null> {
    const row = await db.selectFrom('students').select('class_id').where('id', '=', studentId).executeTakeFirst();
    return (row?.class_id as string | null | undefined) ?? null;
  },

  /** Whether the guardian has a live, unrestricted link to the student that lets her see her (decision 063). */
  async guardianSees(db: Executor, guardianId: number, studentId: string): Promise<boolean> {
    const link = await db
      .selectFrom('guardian_links')
      .select('id')
      .where('guardian_id', '=', guardianId)
      .where('student_id', '=', studentId)
      .where('revoked_at', 'is', null)
      .where('restricted', '=', 0)
      .where('can_view', '=', 1)
      .executeTakeFirst();
    return link !== undefined;
  },
};
