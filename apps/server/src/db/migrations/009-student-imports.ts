import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/** The history of student imports (issue: Import Students): who imported which file, when, and what it changed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('student_imports'), db)
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('admin', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('mode', 'text', (column) => column.notNull())
    .addColumn('inserted', 'integer', (column) => column.notNull())
    .addColumn('updated', 'integer', (column) => column.notNull())
    .addColumn('unchanged', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('student_imports_at').on('student_imports').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('student_imports').execute();
}
