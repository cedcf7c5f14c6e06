import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Passkeys (WebAuthn) as a staff member's second factor beside the authenticator app (decision 043):
 * - each passkey she added: the credential's ID and public key (base64url), the signature counter
 *   it last gave (a lower one is a copied key), how the browser reaches it, her name for it, and
 *   when it was added and last used;
 * - the challenge handed to a session for one ceremony (adding a passkey, a sign-in, a step-up):
 *   taken once, and only before it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('staff_passkeys'), db)
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('credential_id', 'text', (column) => column.notNull().unique())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'bigint', (column) => column.notNull())
    .addColumn('transports', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_passkeys_admin').on('staff_passkeys').column('admin_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('session_hash', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('challenge', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('passkey_challenges_pk', ['session_hash', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('staff_passkeys').execute();
}
