import type { Kysely } from 'kysely';

/**
 * Sign-in with the school's own accounts (issue 52, decision 076):
 * - on a staff account, the provider's `sub` for her, kept at her first sign-in there (after which
 *   it, not her e-mail address, names her), and when she last signed in there (OIDC_STALE_DAYS);
 * - on a guardian's account, the provider's `sub` for her, kept at her first sign-in there;
 * - on a session, 1 when the provider said its sign-in used more than one factor: that counts as
 *   her second factor (decision 043) while the provider's sign-in is recent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_users').addColumn('provider_subject', 'text').execute();
  await db.schema.alterTable('admin_users').addColumn('provider_seen_at', 'text').execute();
  await db.schema.createIndex('admin_users_provider_subject').on('admin_users').column('provider_subject').unique().execute();
  await db.schema.alterTable('guardians').addColumn('provider_subject', 'text').execute();
  await db.schema.createIndex('guardians_provider_subject').on('guardians').column('provider_subject').unique().execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('provider_factor', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('provider_factor').execute();
  await db.schema.dropIndex('guardians_provider_subject').execute();
  await db.schema.alterTable('guardians').dropColumn('provider_subject').execute();
  await db.schema.dropIndex('admin_users_provider_subject').execute();
  await db.schema.alterTable('admin_users').dropColumn('provider_seen_at').execute();
  await db.schema.alterTable('admin_users').dropColumn('provider_subject').execute();
}
