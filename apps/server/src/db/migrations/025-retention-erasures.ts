import type { Kysely } from 'kysely';

/**
 * The leavers whose health data and documents the retention rule has erased (decision 046): one
 * row per student and leaving day, so an erasure is done once, and again only if she came back
 * and left once more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retention_erasures')
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('left_on', 'text', (column) => column.notNull())
    .addColumn('erased_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('retention_erasures_key', ['student_id', 'left_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retention_erasures').execute();
}
