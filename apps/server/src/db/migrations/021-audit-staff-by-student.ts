import { sql, type Kysely } from 'kysely';

/**
 * A student's privacy page lists what staff did with her record (decision 050): the audit log's
 * staff rows by student, newest first. The index holds staff rows only, so the rows a student's
 * own autosaves write (nearly all of the log) cost it nothing; SQLite and PostgreSQL both use it
 * for a query that names `actor_kind = 'admin'` as a literal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_log_staff_student')
    .on('audit_log')
    .columns(['student_id', 'id'])
    .where(sql.ref('actor_kind'), '=', sql.lit('admin'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_staff_student').execute();
}
