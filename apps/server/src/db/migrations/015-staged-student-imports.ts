import type { Kysely } from 'kysely';

/** The imported columns a staged row carries (the student's ID apart). */
const stagedColumns = ['first_name', 'last_name', 'middle_name', 'sex', 'date_of_birth', 'class_id', 'house_code', 'birth_certificate_no'] as const;

/**
 * A student import is whole or nothing (decision 042): its rows are staged, a slice at a time,
 * in `student_import_rows`, where no one reads them, and published in one short transaction. The
 * history row is written when the import starts (outcome 'running', with the process that runs
 * it), so that an import whose process died is found and marked 'interrupted'. An import of a
 * kind claims the kind's row in `import_claims`, so that one runs at a time across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('student_imports')
    .addColumn('outcome', 'text', (column) => column.notNull().defaultTo('done'))
    .execute();
  await db.schema.alterTable('student_imports').addColumn('admin_id', 'integer').execute();
  await db.schema.alterTable('student_imports').addColumn('owner', 'text').execute();
  await db.schema.alterTable('student_imports').addColumn('heartbeat', 'text').execute();
  let staging = db.schema
    .createTable('student_import_rows')
    .addColumn('import_id', 'integer', (column) => column.notNull())
    .addColumn('student_id', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    // The fields an update changes, comma-separated in column order; empty for an insert.
    .addColumn('changed', 'text', (column) => column.notNull());
  for (const column of stagedColumns) staging = staging.addColumn(column, 'text');
  await staging.addPrimaryKeyConstraint('student_import_rows_key', ['import_id', 'student_id']).execute();
  // One import of a kind at a time across processes: the first to insert the kind's row runs.
  await db.schema
    .createTable('import_claims')
    .addColumn('kind', 'text', (column) => column.primaryKey())
    .addColumn('owner', 'text', (column) => column.notNull())
    .addColumn('heartbeat', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_claims').execute();
  await db.schema.dropTable('student_import_rows').execute();
  for (const column of ['heartbeat', 'owner', 'admin_id', 'outcome']) await db.schema.alterTable('student_imports').dropColumn(column).execute();
}
