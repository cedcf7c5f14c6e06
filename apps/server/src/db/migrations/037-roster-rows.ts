import type { Kysely } from 'kysely';

/**
 * The OneRoster roster's record of what it has handed out (decision 075): for each of its two views
 * (the students at the school, or with those who have left) every row it has written, by its
 * opaque sourcedId: what the row is (`kind`), its cells as last written (JSON), when they last
 * changed, and when the row left the roster. An export compares the roster now with these rows:
 * a row new or changed is stamped with the export's time, one gone is marked, so that the delta
 * form (`since`) lists exactly the rows changed after a moment, those gone as `tobedeleted`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('roster_rows')
    .addColumn('view', 'text', (column) => column.notNull())
    .addColumn('sourced_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('cells', 'text', (column) => column.notNull())
    .addColumn('modified_at', 'text', (column) => column.notNull())
    .addColumn('deleted_at', 'text')
    .addPrimaryKeyConstraint('roster_rows_pk', ['view', 'sourced_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('roster_rows').execute();
}
