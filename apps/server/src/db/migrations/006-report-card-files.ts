import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Report cards a school made elsewhere and uploaded as PDFs (decision 021): one per student and
 * term, its bytes in the file store under `stored_name`. Where a row exists, the student gets
 * that card instead of the one generated from term results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('report_card_files'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('term', 'text', (column) => column.notNull())
    .addColumn('stored_name', 'text', (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('report_card_files_student_term', ['student_id', 'year', 'term'])
    .execute();
  await db.schema.createIndex('term_results_term').on('term_results').columns(['year', 'term']).execute();
  await db.schema.createIndex('term_summaries_class').on('term_summaries').columns(['year', 'term', 'class_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('term_summaries_class').execute();
  await db.schema.dropIndex('term_results_term').execute();
  await db.schema.dropTable('report_card_files').execute();
}
