import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Parents and guardians (issue 50, decision 062):
 * - each guardian's account: her e-mail address (her sign-in name, in lower case) and when it was
 *   proved, her name, phone, password hash, the message kinds she wants, and a random public ID that
 *   URLs name her by;
 * - her links to students, each with how it was verified and whether the office restricted or
 *   revoked it; one row per guardian and student, made live again when a revoked link is remade;
 * - invitations the school sent to an address for one student, each a single-use link (its SHA-256);
 * - codes printed on a class's letters, up to two per student (single use; the SHA-256 again);
 * - single-use links for a guardian's e-mail: a sign-up to prove (its details kept until then) or a
 *   password to reset;
 * - a session's guardian, and the guardian a message went to;
 * - the audit log's guardian rows by student, for the girl's privacy page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db.schema.createTable('guardians'), db)
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('email_verified_at', 'text', (column) => column.notNull())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('message_kinds', 'text', (column) => column.notNull())
    .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('password_changed_at', 'text', (column) => column.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('guardian_links'), db)
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('guardian_id', 'integer', (column) => column.notNull().references('guardians.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('relationship', 'text', (column) => column.notNull())
    .addColumn('can_view', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('restricted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('verified_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addUniqueConstraint('guardian_links_pair', ['guardian_id', 'student_id'])
    .execute();
  await db.schema.createIndex('guardian_links_student').on('guardian_links').column('student_id').execute();

  await addIdColumn(db.schema.createTable('guardian_invitations'), db)
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('relationship', 'text', (column) => column.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('guardian_invitations_student').on('guardian_invitations').column('student_id').execute();

  await addIdColumn(db.schema.createTable('guardian_letter_codes'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'integer')
    .execute();
  await db.schema.createIndex('guardian_letter_codes_student').on('guardian_letter_codes').column('student_id').execute();

  await addIdColumn(db.schema.createTable('guardian_email_tokens'), db)
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('guardian_id', 'integer', (column) => column.references('guardians.id').onDelete('cascade'))
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('guardian_id', 'integer', (column) => column.references('guardians.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_guardian').on('sessions').column('guardian_id').execute();
  await db.schema.alterTable('outbox').addColumn('guardian_id', 'integer').execute();
  // A student's privacy page lists her guardians' reads beside the staff's (decision 063): their rows by student, as migration 021 does the staff's.
  await db.schema
    .createIndex('audit_log_guardian_student')
    .on('audit_log')
    .columns(['student_id', 'id'])
    .where(sql.ref('actor_kind'), '=', sql.lit('guardian'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_guardian_student').execute();
  await db.schema.alterTable('outbox').dropColumn('guardian_id').execute();
  await db.schema.dropIndex('sessions_guardian').execute();
  await db.schema.alterTable('sessions').dropColumn('guardian_id').execute();
  for (const table of ['guardian_email_tokens', 'guardian_letter_codes', 'guardian_invitations', 'guardian_links', 'guardians'])
    await db.schema.dropTable(table).execute();
}
