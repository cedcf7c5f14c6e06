import { sql, type Kysely } from 'kysely';

/** The steps a student reviews each year, as they stood when this migration was written. */
const steps = ['studentData', 'familyData', 'healthData', 'otherData', 'documents'] as const;

/**
 * Each step's "reviewed this year" mark (decision 026): a step counts as done only when it is
 * complete and she has reviewed it. A step already counted as done keeps counting, so no student
 * loses a step she has finished; Health Data's saved mark becomes its reviewed mark and goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const step of steps) {
    await db.schema
      .alterTable('form_progress')
      .addColumn(`${step}_reviewed`, 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  }
  const reviewed = steps.filter((step) => step !== 'healthData').map((step) => sql`${sql.ref(`${step}_reviewed`)} = ${sql.ref(step)}`);
  await sql`UPDATE form_progress SET ${sql.join(reviewed)}, "healthData_reviewed" = health_data_saved`.execute(db);
  await db.schema.alterTable('form_progress').dropColumn('health_data_saved').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form_progress')
    .addColumn('health_data_saved', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE form_progress SET health_data_saved = "healthData_reviewed"`.execute(db);
  for (const step of steps) await db.schema.alterTable('form_progress').dropColumn(`${step}_reviewed`).execute();
}
