import { sql, type Kysely } from 'kysely';

/**
 * Health Data counts as done only once the student has opened the step and saved it (decision
 * 026), so the progress row remembers that she did. A record already agreed to keeps its flags;
 * any other Health Data flag set before this marker existed was never seen by its student.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form_progress')
    .addColumn('health_data_saved', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE form_progress SET health_data_saved = submit, "healthData" = CASE WHEN submit = 1 THEN "healthData" ELSE 0 END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_progress').dropColumn('health_data_saved').execute();
}
