import type { Kysely } from 'kysely';

/**
 * What several server processes must share (decision 028): how far each admin's running student
 * import has got, so that any process answers the screen's progress calls; and, on PostgreSQL,
 * the per-address call counts of the rate-limited open calls, so that a limit holds however many
 * processes share the calls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_progress')
    .addColumn('admin_id', 'integer', (column) => column.primaryKey())
    .addColumn('done', 'integer', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .addColumn('window_ends', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends').on('rate_limits').column('window_ends').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('import_progress').execute();
}
