import type { Kysely } from 'kysely';

/**
 * The stored files a retention erasure has removed from the rows but perhaps not yet from the
 * store (issue 49): written in the erasure's transaction, deleted once the bytes are gone. A
 * process ended between the commit and the removal leaves them here, and the next start or the
 * next erasure removes them at once (decision 046), with no wait for the orphan sweep's settling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erased_files')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('erased_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erased_files').execute();
}
