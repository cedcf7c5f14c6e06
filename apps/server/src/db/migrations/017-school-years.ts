import { type Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * The school's year and its rollovers (decision 045): the current academic year (one row, set
 * from today: September starts a year), every rollover with what its undo needs, the ending
 * year's registration of each student kept as a snapshot, and the students who have left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('school_year')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('year', 'integer', (column) => column.notNull())
    .execute();
  const today = new Date();
  const year = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  await (db as Kysely<{ school_year: { id: number; year: number } }>).insertInto('school_year').values({ id: 1, year }).execute();

  await addIdColumn(db.schema.createTable('rollovers'), db)
    .addColumn('from_year', 'integer', (column) => column.notNull())
    .addColumn('to_year', 'integer', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('by', 'text', (column) => column.notNull())
    .addColumn('undo_until', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('statuses', 'text', (column) => column.notNull())
    .addColumn('promoted', 'integer', (column) => column.notNull())
    .addColumn('leavers', 'integer', (column) => column.notNull())
    .addColumn('undone_at', 'text')
    .execute();

  await addIdColumn(db.schema.createTable('registration_history'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('rollover_id', 'integer', (column) => column.notNull().references('rollovers.id').onDelete('cascade'))
    .addColumn('class_id', 'text')
    .addColumn('record', 'text', (column) => column.notNull())
    .addColumn('progress', 'text')
    .addColumn('submitted_on', 'text')
    .execute();
  await db.schema.createIndex('registration_history_student').on('registration_history').columns(['student_id', 'year']).execute();
  await db.schema.createIndex('registration_history_rollover').on('registration_history').column('rollover_id').execute();

  await db.schema
    .createTable('student_leavers')
    .addColumn('student_id', 'text', (column) => column.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('left_on', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('rollover_id', 'integer', (column) => column.references('rollovers.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['student_leavers', 'registration_history', 'rollovers', 'school_year']) await db.schema.dropTable(table).execute();
}
