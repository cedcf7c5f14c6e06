import { studentFields } from '@school/contract';
import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Every entity of SPEC §3. Student columns come from the contract's field list as it stood when
 * this migration was written; a later change to that list needs a migration of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let students = db.schema
    .createTable('students')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull());
  for (const field of studentFields) {
    students =
      field.kind === 'flag' ? students.addColumn(field.name, 'integer', (column) => column.notNull().defaultTo(0)) : students.addColumn(field.name, 'text');
  }
  students = students.addColumn('terms_and_conditions', 'text').addColumn('agree_terms_conditions', 'integer', (column) => column.notNull().defaultTo(0));
  await students.execute();
  await db.schema.createIndex('students_updated_at').on('students').column('updated_at').execute();
  await db.schema.createIndex('students_names').on('students').columns(['last_name', 'first_name']).execute();

  await db.schema
    .createTable('student_accounts')
    .addColumn('student_id', 'text', (column) => column.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('password_hash', 'text')
    .addColumn('password_reset', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('password_changed_at', 'text')
    .execute();

  await addIdColumn(db.schema.createTable('admin_users'), db)
    .addColumn('username', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('must_change_password', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('student_id', 'text', (column) => column.references('students.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (column) => column.references('admin_users.id').onDelete('cascade'))
    .addColumn('restricted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('csrf_token', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_student').on('sessions').column('student_id').execute();
  await db.schema.createIndex('sessions_last_seen').on('sessions').column('last_seen_at').execute();

  await db.schema
    .createTable('regional_corporations')
    .addColumn('title', 'text', (column) => column.primaryKey())
    .execute();
  await db.schema
    .createTable('towns')
    .addColumn('town_name', 'text', (column) => column.primaryKey())
    .addColumn('regional_corporation', 'text', (column) => column.references('regional_corporations.title'))
    .execute();
  await db.schema
    .createTable('religions')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('religion', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('ethnic_groups')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('group_type', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('houses')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('form_classes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('form_level', 'integer', (column) => column.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('primary_schools'), db)
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('town_name', 'text')
    .execute();

  await db.schema
    .createTable('registration_status')
    .addColumn('form_level', 'integer', (column) => column.primaryKey())
    .addColumn('open', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('deadline', 'text')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('form_progress')
    .addColumn('student_id', 'text', (column) => column.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('studentData', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('familyData', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('healthData', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('otherData', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('documents', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('submit', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await addIdColumn(db.schema.createTable('uploaded_files'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('file_type', 'text', (column) => column.notNull())
    .addColumn('original_name', 'text', (column) => column.notNull())
    .addColumn('stored_name', 'text', (column) => column.notNull().unique())
    .addColumn('mime_type', 'text', (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('uploaded_files_one_per_type', ['student_id', 'file_type'])
    .execute();

  await db.schema
    .createTable('student_data_files')
    .addColumn('student_id', 'text', (column) => column.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('term_reports'), db)
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('term', 'text', (column) => column.notNull())
    .addColumn('posted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('date_posted', 'text')
    .addUniqueConstraint('term_reports_year_term', ['year', 'term'])
    .execute();

  await addIdColumn(db.schema.createTable('term_summaries'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('term', 'text', (column) => column.notNull())
    .addColumn('form_level', 'integer', (column) => column.notNull())
    .addColumn('class_id', 'text', (column) => column.notNull())
    .addColumn('days_present', 'integer')
    .addColumn('days_possible', 'integer')
    .addColumn('lates', 'integer')
    .addColumn('conduct', 'text')
    .addColumn('teacher_comment', 'text')
    .addColumn('principal_comment', 'text')
    .addUniqueConstraint('term_summaries_student_term', ['student_id', 'year', 'term'])
    .execute();

  await addIdColumn(db.schema.createTable('term_results'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('term', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('mark', 'integer')
    .addColumn('comment', 'text')
    .addUniqueConstraint('term_results_student_subject', ['student_id', 'year', 'term', 'subject'])
    .execute();

  await addIdColumn(db.schema.createTable('attendance_records'), db)
    .addColumn('student_id', 'text', (column) => column.notNull().references('students.id').onDelete('cascade'))
    .addColumn('date_scanned', 'text', (column) => column.notNull())
    .addColumn('attendance_am', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('attendance_pm', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('late', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('time_in', 'text')
    .addColumn('time_out', 'text')
    .addColumn('time_scanned_in', 'text')
    .addColumn('time_scanned_out', 'text')
    .addUniqueConstraint('attendance_student_date', ['student_id', 'date_scanned'])
    .execute();

  await addIdColumn(db.schema.createTable('audit_log'), db)
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor_kind', 'text', (column) => column.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('student_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  // Sign-in throttling counts recent failures per account and per address from the audit log.
  await db.schema.createIndex('audit_log_action_student').on('audit_log').columns(['action', 'student_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_ip').on('audit_log').columns(['action', 'ip', 'at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial schema is not reversible.');
}
