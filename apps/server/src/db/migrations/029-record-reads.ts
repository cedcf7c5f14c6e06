import type { Kysely } from 'kysely';

/**
 * Single-record reads counted like exports (issue 49, decision 057):
 * - each student record a staff member read in an hour, once (a second read in the hour is free);
 * - her distinct records read per hour, counted by one statement (the hourly allowance);
 * - her records read per school day beside her bulk exports (one export per 100 records);
 * - for enrolling a first second factor where the school requires one: the code sent to her notice
 *   address (its SHA-256, when it expires, the tries at it), and when the session proved it is hers
 *   (that code, or the one-time password it signed in with).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_reads')
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('hour', 'text', (column) => column.notNull())
    .addColumn('student_id', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('record_reads_pk', ['admin_id', 'hour', 'student_id'])
    .execute();
  await db.schema
    .createTable('record_read_hours')
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('hour', 'text', (column) => column.notNull())
    .addColumn('reads', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('record_read_hours_pk', ['admin_id', 'hour'])
    .execute();
  await db.schema
    .alterTable('export_allowance')
    .addColumn('record_reads', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  for (const column of ['enrolment_verified_at', 'enrolment_code_hash', 'enrolment_code_expires_at'])
    await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('enrolment_code_tries', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['enrolment_code_tries', 'enrolment_code_expires_at', 'enrolment_code_hash', 'enrolment_verified_at'])
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  await db.schema.alterTable('export_allowance').dropColumn('record_reads').execute();
  await db.schema.dropTable('record_read_hours').execute();
  await db.schema.dropTable('record_reads').execute();
}
