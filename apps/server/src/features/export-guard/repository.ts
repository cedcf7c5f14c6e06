import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export const exportGuardRepository = {
  /** Whether the staff account has a second factor (an authenticator app or a passkey), and when the session named last gave one. */
  stepUpState(db: Executor, adminId: number, sessionIdHash: string | null) {
    return db
      .selectFrom('admin_users')
      .leftJoin('sessions', (join) => join.onRef('sessions.admin_id', '=', 'admin_users.id').on('sessions.id_hash', '=', sessionIdHash ?? ''))
      .select((eb) => [
        'admin_users.totp_secret',
        'sessions.second_factor_at',
        eb.exists(eb.selectFrom('staff_passkeys').select('staff_passkeys.id').whereRef('staff_passkeys.admin_id', '=', 'admin_users.id')).as('has_passkey'),
      ])
      .where('admin_users.id', '=', adminId)
      .executeTakeFirst();
  },

  /**
   * Counts one more export of the staff member on the day, in one statement, unless she has made
   * `limit` already: the count after it, or undefined when the allowance is used. The database
   * decides between exports asked for at once (the row's conflict update is atomic on both).
   */
  async takeExport(db: Executor, adminId: number, day: string, limit: number): Promise<number | undefined> {
    const row = await db
      .insertInto('export_allowance')
      .values({ admin_id: adminId, day, exports: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['admin_id', 'day'])
          .doUpdateSet({ exports: sql<number>`export_allowance.exports + 1` })
          .where('export_allowance.exports', '<', limit),
      )
      .returning('exports')
      .executeTakeFirst();
    return row ? Number(row.exports) : undefined;
  },

  /** Gives back one export of the day that the server failed to make. */
  async giveBack(db: Executor, adminId: number, day: string): Promise<void> {
    await db
      .updateTable('export_allowance')
      .set({ exports: sql<number>`exports - 1` })
      .where('admin_id', '=', adminId)
      .where('day', '=', day)
      .where('exports', '>', 0)
      .execute();
  },

  /** The staff whose exports on the day are more than `over`, most first. */
  busyOn(db: Executor, day: string, over: number) {
    return db
      .selectFrom('export_allowance')
      .innerJoin('admin_users', 'admin_users.id', 'export_allowance.admin_id')
      .select(['admin_users.username', 'admin_users.display_name', 'export_allowance.exports'])
      .where('export_allowance.day', '=', day)
      .where('export_allowance.exports', '>', over)
      .orderBy('export_allowance.exports', 'desc')
      .orderBy('admin_users.username')
      .execute();
  },
};
