import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * A guardian's optional second factor (issue 50, decision 062), the staff's kind (decision 043):
 * - on her account, the authenticator-app secret (confirmed, or pending until its first code), the
 *   time step of the last code it accepted, and the count of wrong codes with the time they lock
 *   her codes until, as `admin_users` has them;
 * - her ten single-use recovery codes, kept only as their SHA-256;
 * - her passkeys, as `staff_passkeys` keeps a staff member's.
 * Both tables go with her account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['totp_secret', 'totp_pending_secret', 'factor_locked_until'])
    await db.schema.alterTable('guardians').addColumn(column, 'text').execute();
  await db.schema.alterTable('guardians').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .alterTable('guardians')
    .addColumn('factor_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('guardian_recovery_codes')
    .addColumn('guardian_id', 'integer', (column) => column.notNull().references('guardians.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('guardian_recovery_codes_pk', ['guardian_id', 'code_hash'])
    .execute();
  await addIdColumn(db.schema.createTable('guardian_passkeys'), db)
    .addColumn('guardian_id', 'integer', (column) => column.notNull().references('guardians.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (column) => column.notNull().unique())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'bigint', (column) => column.notNull())
    .addColumn('transports', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('guardian_passkeys_guardian').on('guardian_passkeys').column('guardian_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('guardian_passkeys').execute();
  await db.schema.dropTable('guardian_recovery_codes').execute();
  for (const column of ['factor_failures', 'totp_last_step', 'factor_locked_until', 'totp_pending_secret', 'totp_secret'])
    await db.schema.alterTable('guardians').dropColumn(column).execute();
}
