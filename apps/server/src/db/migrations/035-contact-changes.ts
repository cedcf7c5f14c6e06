import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Contact changes (issue 51, decision 066): a guardian's proposed new values for her own details
 * in a daughter's record, each answered field by field by the office.
 * - `contact_changes`: who proposed, for which girl, as what (her link's relationship then), its
 *   state (pending, approved, partly_approved, declined, replaced), and the office's answer: when,
 *   by whom, with a note. One change waits per guardian and girl at most (a partial unique index):
 *   a newer one replaces it.
 * - `contact_change_fields`: each field's value in the record when proposed, the value proposed,
 *   and the office's decision.
 * The office's list reads the changes of a state newest first; a parent's, hers newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('contact_changes'), db, { big: true })
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('guardian_id', 'integer', (column) => column.notNull().references('guardians.id').onDelete('cascade'))
    .addColumn('relationship', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'integer')
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('contact_changes_one_pending')
    .on('contact_changes')
    .columns(['guardian_id', 'student_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema.createIndex('contact_changes_status').on('contact_changes').columns(['status', 'id']).execute();
  await db.schema.createIndex('contact_changes_student').on('contact_changes').column('student_id').execute();
  await db.schema.createIndex('contact_changes_guardian').on('contact_changes').columns(['guardian_id', 'id']).execute();

  await db.schema
    .createTable('contact_change_fields')
    .addColumn('change_id', 'bigint', (column) => column.notNull().references('contact_changes.id').onDelete('cascade'))
    .addColumn('field', 'text', (column) => column.notNull())
    .addColumn('was', 'text')
    .addColumn('proposed', 'text')
    .addColumn('decision', 'text')
    .addPrimaryKeyConstraint('contact_change_fields_key', ['change_id', 'field'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_change_fields').execute();
  await db.schema.dropTable('contact_changes').execute();
}
