import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Exports that a count of records read stands for: one per 100 records or part of 100 (integer division on both databases). */
const usedByReads = (column: string) => sql<number>`((${sql.ref(column)} + 99) / 100)`;

export const exportGuardRepository = {
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
          .where(sql<number>`export_allowance.exports + ${usedByReads('export_allowance.record_reads')}`, '<', limit),
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

  /** The staff whose exports on the day, records read included, are more than `over`, most first. */
  busyOn(db: Executor, day: string, over: number) {
    const used = sql<number>`export_allowance.exports + ${usedByReads('export_allowance.record_reads')}`;
    return db
      .selectFrom('export_allowance')
      .innerJoin('admin_users', 'admin_users.id', 'export_allowance.admin_id')
      .select(['admin_users.username', 'admin_users.display_name', used.as('exports'), 'export_allowance.record_reads'])
      .where(used, '>', over)
      .where('export_allowance.day', '=', day)
      .orderBy(used, 'desc')
      .orderBy('admin_users.username')
      .execute();
  },

  /**
   * Notes that the staff member read the student's record in the hour: true the first time, false
   * when she read it before in that hour (a second read is free).
   */
  async noteRecordRead(db: Executor, adminId: number, hour: string, studentId: string): Promise<boolean> {
    const row = await db
      .insertInto('record_reads')
      .values({ admin_id: adminId, hour, student_id: studentId })
      .onConflict((conflict) => conflict.columns(['admin_id', 'hour', 'student_id']).doNothing())
      .returning('admin_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Counts one more record read in the hour, in one statement (the row's conflict update is atomic): the count after it. */
  async countHourRead(db: Executor, adminId: number, hour: string): Promise<number> {
    const row = await db
      .insertInto('record_read_hours')
      .values({ admin_id: adminId, hour, reads: 1 })
      .onConflict((conflict) => conflict.columns(['admin_id', 'hour']).doUpdateSet({ reads: sql<number>`record_read_hours.reads + 1` }))
      .returning('reads')
      .executeTakeFirstOrThrow();
    return Number(row.reads);
  },

  /**
   * Counts one more record read on the day against the export allowance, in one statement, unless
   * it would take the day's exports past `limit`: what the day has used after it (exports, with
   * records read as one per 100), or undefined when the allowance is used.
   */
  async takeRecordRead(db: Executor, adminId: number, day: string, limit: number): Promise<{ exports: number; record_reads: number } | undefined> {
    const row = await db
      .insertInto('export_allowance')
      .values({ admin_id: adminId, day, exports: 0, record_reads: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['admin_id', 'day'])
          .doUpdateSet({ record_reads: sql<number>`export_allowance.record_reads + 1` })
          .where(sql<number>`export_allowance.exports + ((export_allowance.record_reads + 100) / 100)`, '<=', limit),
      )
      .returning(['exports', 'record_reads'])
      .executeTakeFirst();
    return row ? { exports: Number(row.exports), record_reads: Number(row.record_reads) } : undefined;
  },
};
