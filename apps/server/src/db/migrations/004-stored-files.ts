import type { Kysely } from 'kysely';
import { bytesColumnType } from '../dialect.ts';

/**
 * The bytes of stored files when the database is the file store (FILE_STORE=database, the default
 * with PostgreSQL; decision 013). With the folder store the table stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('bytes', bytesColumnType(db), (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
