import type { Kysely } from 'kysely';

/** Each audit row names the request that wrote it, so it can be matched with the server's log lines. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('request_id').execute();
}
