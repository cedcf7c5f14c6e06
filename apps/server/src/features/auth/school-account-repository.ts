import type { Executor } from '../../db/database.ts';

/** The rows whose `by` is one of `values`, 500 at a time: `by` → the other of student ID and account. */
async function pairsOf(db: Executor, by: 'student_id' | 'account', values: readonly string[]): Promise<Map<string, string>> {
  const other = by === 'student_id' ? 'account' : 'student_id';
  const pairs = new Map<string, string>();
  for (let start = 0; start < values.length; start += 500) {
    const rows = await db
      .selectFrom('student_school_accounts')
      .select(['student_id', 'account'])
      .where(by, 'in', values.slice(start, start + 500))
      .execute();
    for (const row of rows) pairs.set(row[by], row[other]);
  }
  return pairs;
}

/** Students' school accounts (decision 076): the address the school's provider knows each by, and its `sub` once she signed in there. */
export const schoolAccountRepository = {
  /** Her school account, or undefined when she has none. */
  ofStudent(db: Executor, studentId: string) {
    return db.selectFrom('student_school_accounts').selectAll().where('student_id', '=', studentId).executeTakeFirst();
  },

  /** The student whose school account is linked to the provider's `sub`. */
  bySubject(db: Executor, subject: string) {
    return db.selectFrom('student_school_accounts').selectAll().where('provider_subject', '=', subject).executeTakeFirst();
  },

  /** The students whose school account is `account` (in lower case, as kept): one at most. */
  byAccount(db: Executor, account: string) {
    return db.selectFrom('student_school_accounts').selectAll().where('account', '=', account.toLowerCase()).limit(2).execute();
  },

  /**
   * Gives her `account` in place of any she had (the link to the provider goes with the old one):
   * whether it was free. Another student's account is left as it is, and this answers false.
   */
  async replace(db: Executor, studentId: string, account: string, at: string): Promise<boolean> {
    await db.deleteFrom('student_school_accounts').where('student_id', '=', studentId).execute();
    const inserted = await db
      .insertInto('student_school_accounts')
      .values({ student_id: studentId, account, provider_subject: null, set_at: at, provider_seen_at: null })
      .onConflict((conflict) => conflict.doNothing())
      .returning('student_id')
      .execute();
    return inserted.length === 1;
  },

  async remove(db: Executor, studentId: string): Promise<void> {
    await db.deleteFrom('student_school_accounts').where('student_id', '=', studentId).execute();
  },

  /** Links her school account to the provider's `sub` (kept once) and notes when she signed in there. */
  async noteSignIn(db: Executor, studentId: string, subject: string, at: string): Promise<void> {
    await db.updateTable('student_school_accounts').set({ provider_subject: subject, provider_seen_at: at }).where('student_id', '=', studentId).execute();
  },

  /** The school accounts of these students: student ID → account. */
  ofStudents: (db: Executor, studentIds: readonly string[]) => pairsOf(db, 'student_id', studentIds),

  /** Who holds each of these accounts: account → student ID. */
  holders: (db: Executor, accounts: readonly string[]) => pairsOf(db, 'account', accounts),
};
