import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Sign-in attempts reserved before a password is checked (decision 015): one row per attempt and
 * limit bucket (an account, a device, an address). A secret of the server's own signs device cookies,
 * kept in the database so that every server process shares it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('sign_in_attempts'), db)
    .addColumn('bucket', 'text', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sign_in_attempts_bucket_at').on('sign_in_attempts').columns(['bucket', 'at']).execute();
  await db.schema.createIndex('sign_in_attempts_at').on('sign_in_attempts').column('at').execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
  await (db as Kysely<{ server_secrets: { name: string; value: string } }>)
    .insertInto('server_secrets')
    .values({ name: 'device-cookie', value: randomBytes(32).toString('base64url') })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('sign_in_attempts').execute();
}
