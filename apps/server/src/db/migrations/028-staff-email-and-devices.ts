import type { Kysely } from 'kysely';

/**
 * Staff security notices (decision 047): a staff account's optional e-mail address, and the
 * browsers each account has signed in from (its browser and system, as the account page names
 * them), so that a sign-in from one not seen for 90 days is told to her.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_users').addColumn('email', 'text').execute();
  await db.schema
    .createTable('staff_devices')
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('staff_devices_key', ['admin_id', 'device'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_devices').execute();
  await db.schema.alterTable('admin_users').dropColumn('email').execute();
}
