import { type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Absence notes (issue 51, decision 065): a note a guardian (or, where the school allows it, the
 * student herself) sends for a day or a range of school days, with its sessions, reason, words and
 * optional file (a key of the file store), and the office's answer: accepted or declined (with a
 * reason), when and by whom. A random public ID names it in URLs. The key is a bigint on PostgreSQL
 * (DESIGN §5: no key smaller in a new table). Indexed for the office's list of one state, newest
 * first, and for one student's notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('absence_notes')
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', (column) =>
      isPostgres(db) ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('from_date', 'text', (column) => column.notNull())
    .addColumn('to_date', 'text', (column) => column.notNull())
    .addColumn('sessions', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('sent_by', 'text', (column) => column.notNull())
    .addColumn('guardian_id', 'bigint', (column) => column.references('guardians.id').onDelete('set null'))
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_mime', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'bigint', (column) => column.references('admin_users.id').onDelete('set null'))
    .addColumn('decline_reason', 'text')
    .execute();
  await db.schema.createIndex('absence_notes_status').on('absence_notes').columns(['status', 'id']).execute();
  await db.schema.createIndex('absence_notes_student').on('absence_notes').columns(['student_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('absence_notes').execute();
}
