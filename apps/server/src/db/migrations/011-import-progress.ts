import type { Kysely } from 'kysely';

/**
 * How far each admin's running student import has got (decision 028): kept in the database, so
 * that the screen's progress calls are answered by whichever server process receives them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_progress')
    .addColumn('admin_id', 'integer', (column) => column.primaryKey())
    .addColumn('done', 'integer', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_progress').execute();
}
