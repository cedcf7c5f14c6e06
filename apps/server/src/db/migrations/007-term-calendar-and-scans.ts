import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Attendance from card scans (decisions 022 and 023): the term calendar (terms with their dates,
 * and the days the school is closed), the scanners' tokens, and every raw scan, kept once by its
 * scan id so that a retried batch or a re-imported file adds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('terms')
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('term', 'text', (column) => column.notNull())
    .addColumn('start_date', 'text', (column) => column.notNull())
    .addColumn('end_date', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('terms_year_term', ['year', 'term'])
    .execute();

  await db.schema
    .createTable('closed_days')
    .addColumn('date', 'text', (column) => column.primaryKey())
    .addColumn('reason', 'text', (column) => column.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('scanner_tokens'), db)
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();

  await addIdColumn(db.schema.createTable('attendance_scans'), db)
    .addColumn('scan_id', 'text', (column) => column.notNull().unique())
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('scanned_at', 'text', (column) => column.notNull())
    .addColumn('school_date', 'text', (column) => column.notNull())
    .addColumn('direction', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('received_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('attendance_scans_student_date').on('attendance_scans').columns(['student_id', 'school_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['attendance_scans', 'scanner_tokens', 'closed_days', 'terms']) await db.schema.dropTable(table).execute();
}
