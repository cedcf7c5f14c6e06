import { sql, type Updateable } from 'kysely';
import type { StaffRole } from '@school/contract';
import { nowIso, type Executor } from '../../db/database.ts';
import { lockedOnPostgres } from '../../db/dialect.ts';
import type { AdminUsersTable } from '../../db/schema.ts';
import { hasSecondFactor } from '../../session/session-repository.ts';

/** A staff account's row as the staff screen reads it (no password hash). */
const listed = [
  'id',
  'username',
  'display_name',
  'role',
  'classes',
  'disabled',
  'must_change_password',
  'created_at',
  'email',
  'provider_seen_at',
  sql<number>`CASE WHEN ${hasSecondFactor} THEN 1 ELSE 0 END`.as('second_factor'),
] as const;

export const staffRepository = {
  list(db: Executor) {
    return db.selectFrom('admin_users').select(listed).orderBy('username').execute();
  },

  find(db: Executor, username: string) {
    return db.selectFrom('admin_users').select(listed).where('username', '=', username.toLowerCase()).executeTakeFirst();
  },

  /**
   * Every staff account's role and state, locked on PostgreSQL until the transaction ends: two changes
   * that could each leave the school without an admin wait for each other (decision 048). All of
   * them, in one order, so that every change takes the same locks in the same order: locking only
   * the enabled admins let a change that found one fewer (another had just disabled her) skip her
   * row, then write it unlocked, and two such changes could deadlock.
   */
  lockAll(db: Executor) {
    return lockedOnPostgres(db.selectFrom('admin_users').select(['id', 'role', 'disabled']).orderBy('id'), db).execute();
  },

  /** Which of these class IDs exist. */
  async existingClasses(db: Executor, classIds: string[]): Promise<string[]> {
    if (classIds.length === 0) return [];
    const rows = await db.selectFrom('form_classes').select('id').where('id', 'in', classIds).execute();
    return rows.map((row) => row.id);
  },

  async insert(
    db: Executor,
    account: {
      username: string;
      display_name: string | null;
      role: StaffRole;
      classes: string;
      email?: string | null;
      passwordHash: string;
      mustChange: boolean;
    },
  ): Promise<void> {
    await db
      .insertInto('admin_users')
      .values({
        username: account.username,
        display_name: account.display_name,
        role: account.role,
        classes: account.classes,
        email: account.email ?? null,
        password_hash: account.passwordHash,
        must_change_password: account.mustChange ? 1 : 0,
        created_at: nowIso(),
      })
      .execute();
  },

  async emailOf(db: Executor, id: number): Promise<string | null> {
    return (await db.selectFrom('admin_users').select('email').where('id', '=', id).executeTakeFirst())?.email ?? null;
  },

  async update(db: Executor, id: number, change: Updateable<AdminUsersTable>): Promise<void> {
    await db.updateTable('admin_users').set(change).where('id', '=', id).execute();
  },
};
