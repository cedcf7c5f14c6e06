import type { Kysely } from 'kysely';

/**
 * A student's school account (issue 52, decision 076): the address the school's provider knows her
 * by, which the office sets or imports (never the record's `email`, which she types herself), and
 * the provider's `sub` for her, kept at her first sign-in there. Its own table, beside her record:
 * the record is hers to edit, this is not. Kept in lower case, so that one address is one account.
 * A staged import row carries the account its publish writes, and whether it changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('student_school_accounts')
    .addColumn('student_id', 'text', (column) => column.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('account', 'text', (column) => column.notNull().unique())
    .addColumn('provider_subject', 'text', (column) => column.unique())
    .addColumn('set_at', 'text', (column) => column.notNull())
    .addColumn('provider_seen_at', 'text')
    .execute();
  await db.schema.alterTable('student_import_rows').addColumn('school_account', 'text').execute();
  await db.schema
    .alterTable('student_import_rows')
    .addColumn('account_changed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('student_import_rows').dropColumn('account_changed').execute();
  await db.schema.alterTable('student_import_rows').dropColumn('school_account').execute();
  await db.schema.dropTable('student_school_accounts').execute();
}
