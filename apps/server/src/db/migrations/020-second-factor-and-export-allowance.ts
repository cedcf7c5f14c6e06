import type { Kysely } from 'kysely';

/**
 * A second factor for staff (decision 043) and the guard on bulk exports (decision 049):
 * - a staff account's authenticator-app secret (confirmed, or pending until its first code), the
 *   time step of the last code it accepted (a code cannot be used twice), and the count of wrong
 *   codes with the time they lock the account's codes until;
 * - ten single-use recovery codes per account, kept only as their SHA-256;
 * - when a session last gave a second factor, and the device it signed in from;
 * - each staff member's exports per school day, counted by one statement (the allowance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['totp_secret', 'totp_pending_secret', 'factor_locked_until'])
    await db.schema.alterTable('admin_users').addColumn(column, 'text').execute();
  await db.schema.alterTable('admin_users').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('admin_users')
    .addColumn('factor_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['admin_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('export_allowance')
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('exports', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('export_allowance_pk', ['admin_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_allowance').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  for (const column of ['device', 'second_factor_at']) await db.schema.alterTable('sessions').dropColumn(column).execute();
  for (const column of ['factor_failures', 'totp_last_step', 'factor_locked_until', 'totp_pending_secret', 'totp_secret'])
    await db.schema.alterTable('admin_users').dropColumn(column).execute();
}
