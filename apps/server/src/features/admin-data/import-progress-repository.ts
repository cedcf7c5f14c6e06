import type { ImportProgress } from '@school/contract';
import type { Executor } from '../../db/database.ts';

/**
 * How far each admin's running student import has got, kept in the database (decision 028) so
 * that any server process answers the screen's progress calls. A row lives from the start of the
 * writing to its end, ended or failed; each slice's figure is written in the slice's own write
 * transaction, so it never runs ahead of the rows it counts.
 */

/** A row not moved on for this long belongs to an import whose process ended mid-way: it is not shown. */
export const STALE_PROGRESS_MS = 10 * 60 * 1000;

const idle: ImportProgress = { running: false, done: 0, total: 0 };

export const importProgress = {
  /** Records that `done` of `total` rows of the admin's import are written. */
  async report(db: Executor, adminId: number, done: number, total: number): Promise<void> {
    const row = { done, total, updated_at: new Date().toISOString() };
    await db
      .insertInto('import_progress')
      .values({ admin_id: adminId, ...row })
      .onConflict((conflict) => conflict.column('admin_id').doUpdateSet(row))
      .execute();
  },
  /** The admin's import is over (written, undone or refused). */
  async end(db: Executor, adminId: number): Promise<void> {
    await db.deleteFrom('import_progress').where('admin_id', '=', adminId).execute();
  },
  /** The admin's running import, or `running: false` when she has none. */
  async of(db: Executor, adminId: number): Promise<ImportProgress> {
    const entry = await db.selectFrom('import_progress').select(['done', 'total', 'updated_at']).where('admin_id', '=', adminId).executeTakeFirst();
    if (!entry || Date.now() - Date.parse(entry.updated_at) > STALE_PROGRESS_MS) return idle;
    return { running: true, done: Number(entry.done), total: Number(entry.total) };
  },
};
