import type { Kysely } from 'kysely';

/**
 * Absence and lateness messages (decision 047): the school days whose messages a process has
 * written (one row a date, so that only one process does it), and what each student's parents were
 * told about a day, so that she gets one message a day and one correction at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('absence_days')
    .addColumn('date', 'text', (column) => column.primaryKey())
    .addColumn('done_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('absence_notices')
    .addColumn('student_id', 'text', (column) => column.notNull())
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('corrected', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('absence_notices_key', ['student_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('absence_notices').execute();
  await db.schema.dropTable('absence_days').execute();
}
