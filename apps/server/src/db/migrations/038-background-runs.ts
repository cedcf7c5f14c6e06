import type { Kysely } from 'kysely';

/**
 * `background_runs` (decision 047, amended for several servers): one row per periodic job every
 * server runs on a timer (the session purge, the sweep of unnamed stored files, the sweep of
 * interrupted imports), with when it is next due and which process took its last run. A server
 * whose timer fires takes the run by moving `next_run_at` on, under the condition that it was due:
 * of several servers one does each period's run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('background_runs')
    .addColumn('job', 'text', (column) => column.primaryKey())
    .addColumn('next_run_at', 'text', (column) => column.notNull())
    .addColumn('run_by', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('background_runs').execute();
}
