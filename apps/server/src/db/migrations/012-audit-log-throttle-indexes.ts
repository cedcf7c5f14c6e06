import type { Kysely } from 'kysely';

/**
 * The audit log's indexes by action and account and by action and address served the sign-in
 * throttle of decision 002. Since decision 015 the throttle counts its own table
 * (`sign_in_attempts`), and nothing reads the audit log by those columns; every audit row (one per
 * autosave) still paid to keep them. The log keeps its key and its index by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_action_student').execute();
  await db.schema.dropIndex('audit_log_action_ip').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_action_student').on('audit_log').columns(['action', 'student_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_ip').on('audit_log').columns(['action', 'ip', 'at']).execute();
}
