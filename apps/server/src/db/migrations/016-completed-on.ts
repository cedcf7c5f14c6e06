import { sql, type Kysely } from 'kysely';

/**
 * The day a registration was completed, for the student's confirmation: the school's date as
 * yyyymmdd (an integer like the other progress columns), set when `submit` becomes 1 and 0 while it
 * is not. A record completed before this column existed takes the date of its last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form_progress')
    .addColumn('completed_on', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE form_progress SET completed_on = (
    SELECT CAST(substr(students.updated_at, 1, 4) || substr(students.updated_at, 6, 2) || substr(students.updated_at, 9, 2) AS integer)
    FROM students WHERE students.id = form_progress.student_id
  ) WHERE submit = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_progress').dropColumn('completed_on').execute();
}
