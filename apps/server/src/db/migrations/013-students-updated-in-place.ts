import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Every autosave gives the record a new version (`updated_at`), and an index on that column made
 * each save a new entry in every index of the table. Only the admin table sorts by it, a few
 * thousand rows sorted as they are read. Without the index, and with room left on each page
 * (PostgreSQL's fill factor), PostgreSQL writes a save beside the record it replaces and updates no
 * index at all (a heap-only update), unless the save changes a name; SQLite keeps one index fewer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('students_updated_at').execute();
  if (isPostgres(db)) await sql`ALTER TABLE students SET (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`ALTER TABLE students RESET (fillfactor)`.execute(db);
  await db.schema.createIndex('students_updated_at').on('students').column('updated_at').execute();
}
