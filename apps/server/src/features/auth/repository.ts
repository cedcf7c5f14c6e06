import { nowIso, type DialectName, type Executor } from '../../db/database.ts';
import { lockUntilCommit } from '../../db/dialect.ts';
import { foldedColumn, foldText } from '../../db/folded-text.ts';
import type { StudentAccountsTable } from '../../db/schema.ts';

/** A student's sign-in facts: her names, date of birth and account state. */
export type StudentLogin = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  password_hash: string | null;
  password_reset: number;
  /** The day she left the school (status `left`), or null while she is at it. */
  left_on: string | null;
};

async function upsertAccount(db: Executor, studentId: string, values: Omit<StudentAccountsTable, 'student_id'>): Promise<void> {
  await db
    .insertInto('student_accounts')
    .values({ student_id: studentId, ...values })
    .onConflict((conflict) => conflict.column('student_id').doUpdateSet(values))
    .execute();
}

export const authRepository = {
  findStudentLogin(db: Executor, studentId: string): Promise<StudentLogin | undefined> {
    return db
      .selectFrom('students')
      .leftJoin('student_accounts', 'student_accounts.student_id', 'students.id')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .select([
        'students.id',
        'students.first_name',
        'students.last_name',
        'students.date_of_birth',
        'student_accounts.password_hash',
        'student_leavers.left_on',
      ])
      .select((eb) => eb.fn.coalesce('student_accounts.password_reset', eb.lit(1)).as('password_reset'))
      .where('students.id', '=', studentId)
      .executeTakeFirst() as Promise<StudentLogin | undefined>;
  },

  /** A student's own password from now on. */
  setStudentPassword(db: Executor, studentId: string, passwordHash: string): Promise<void> {
    return upsertAccount(db, studentId, { password_hash: passwordHash, password_reset: 0, password_changed_at: nowIso() });
  },

  /** After an admin's reset the student signs in with her date of birth again. */
  resetStudentPassword(db: Executor, studentId: string): Promise<void> {
    return upsertAccount(db, studentId, { password_hash: null, password_reset: 1, password_changed_at: nowIso() });
  },

  findAdminByUsername(db: Executor, username: string) {
    return db.selectFrom('admin_users').selectAll().where('username', '=', username.toLowerCase()).executeTakeFirst();
  },

  /** Whether the staff account has ever been signed in to (each sign-in notes its browser). */
  async signedInBefore(db: Executor, adminId: number): Promise<boolean> {
    return (await db.selectFrom('staff_devices').select('admin_id').where('admin_id', '=', adminId).limit(1).executeTakeFirst()) !== undefined;
  },

  /** The staff account linked to the school's provider account `sub` (decision 076). */
  findAdminByProviderSubject(db: Executor, subject: string) {
    return db.selectFrom('admin_users').selectAll().where('provider_subject', '=', subject).executeTakeFirst();
  },

  /** The staff accounts whose notice address is `email` (compared without case). */
  findAdminsByNoticeAddress(db: Executor, email: string) {
    return db
      .selectFrom('admin_users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .limit(2)
      .execute();
  },

  /** Links the account to the provider's `sub` (kept once) and notes when she signed in there. */
  async noteProviderSignIn(db: Executor, adminId: number, subject: string, at: string): Promise<void> {
    await db.updateTable('admin_users').set({ provider_subject: subject, provider_seen_at: at }).where('id', '=', adminId).execute();
  },

  findAdminById(db: Executor, id: number) {
    return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async countAdmins(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Adds the admin unless the name is taken (another server's first start made her at the same moment): whether it did. */
  async insertAdmin(db: Executor, username: string, passwordHash: string, mustChange: boolean): Promise<boolean> {
    const inserted = await db
      .insertInto('admin_users')
      .values({ username: username.toLowerCase(), password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, created_at: nowIso() })
      .onConflict((conflict) => conflict.column('username').doNothing())
      .returning('id')
      .execute();
    return inserted.length === 1;
  },

  async setAdminPassword(db: Executor, id: number, passwordHash: string, mustChange: boolean): Promise<void> {
    await db
      .updateTable('admin_users')
      .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  },

  /** The students at the school (those who left aside): what the school's budget of failed first sign-ins is scaled by (decision 058). */
  async countStudentsAtSchool(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('student_leavers').select('student_leavers.student_id').whereRef('student_leavers.student_id', '=', 'students.id'))),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * Whether the audit log holds `action` since `since`, read under a lock of that action for the
   * rest of the transaction on PostgreSQL (on SQLite the write transaction runs alone): an alert
   * written once per window is written once, whatever the number of processes.
   */
  async writtenSince(trx: Executor, dialect: DialectName, action: string, since: string): Promise<boolean> {
    await lockUntilCommit(trx, dialect, `audit:${action}`);
    const row = await trx.selectFrom('audit_log').select('id').where('action', '=', action).where('at', '>', since).limit(1).executeTakeFirst();
    return row !== undefined;
  },

  /** Exact match on both names, whatever the case and accents ('Oceane' finds 'Océane'): the visitors' lookup never lists the school. */
  findStudentsByName(
    db: Executor,
    firstName: string,
    lastName: string,
  ): Promise<Array<{ id: string; first_name: string | null; last_name: string | null; form_level: number | null }>> {
    return (
      db
        .selectFrom('students')
        .leftJoin('form_classes', 'form_classes.id', 'students.class_id')
        .select(['students.id', 'students.first_name', 'students.last_name', 'form_classes.form_level'])
        .where((eb) => foldedColumn(eb.ref('students.first_name')), '=', foldText(firstName))
        .where((eb) => foldedColumn(eb.ref('students.last_name')), '=', foldText(lastName))
        // A student who has left is no longer found.
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('student_leavers').select('student_leavers.student_id').whereRef('student_leavers.student_id', '=', 'students.id'))),
        )
        .orderBy('students.id')
        .limit(5)
        .execute() as Promise<Array<{ id: string; first_name: string | null; last_name: string | null; form_level: number | null }>>
    );
  },
};
