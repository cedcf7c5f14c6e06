import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** An auto-numbered bigint key (DESIGN §5: no key smaller than bigint in a new table); SQLite's integer key is 64 bits already. */
const addBigIdColumn = <T extends string>(table: CreateTableBuilder<T, never>, db: Kysely<unknown>) =>
  isPostgres(db)
    ? table.addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());

/**
 * Consent forms (issue 51, decision 067):
 * - each form: a random public ID (the registration's agreement of a year is `registration-<year>`),
 *   its kind, title, whether an answer is needed for each daughter, the school's day it closes, and
 *   who wrote it when; the classes it is for;
 * - its words, one row a version: the text changes in place until a guardian answers, and after
 *   that each change is a new version, so an answer names the exact words it agreed to;
 * - the answers: the guardian, the daughter when it is needed for each (`student_key` is her ID, or
 *   '' for a form answered once), agree or disagree, the name typed, the time, and when it was
 *   replaced by a changed answer. One answer stands per guardian, form and `student_key`: a partial
 *   unique index, so fifty sent at once store one;
 * - the school's switch asking a linked guardian's agreement with the yearly registration (off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addBigIdColumn(db.schema.createTable('consent_forms'), db)
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('per_daughter', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('closes_on', 'text')
    .addColumn('school_year', 'integer')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('consent_form_classes')
    .addColumn('form_id', 'bigint', (column) => column.notNull().references('consent_forms.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('consent_form_classes_key', ['form_id', 'class_id'])
    .execute();
  await db.schema.createIndex('consent_form_classes_class').on('consent_form_classes').column('class_id').execute();

  await addBigIdColumn(db.schema.createTable('consent_texts'), db)
    .addColumn('form_id', 'bigint', (column) => column.notNull().references('consent_forms.id').onDelete('cascade'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('consent_texts_version', ['form_id', 'version'])
    .execute();

  await addBigIdColumn(db.schema.createTable('consent_answers'), db)
    .addColumn('public_id', 'text', (column) => column.notNull().unique())
    .addColumn('form_id', 'bigint', (column) => column.notNull().references('consent_forms.id').onDelete('cascade'))
    .addColumn('text_id', 'bigint', (column) => column.notNull().references('consent_texts.id').onDelete('cascade'))
    .addColumn('guardian_id', 'bigint', (column) => column.notNull().references('guardians.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (column) => column.references('students.id').onDelete('cascade'))
    .addColumn('student_key', 'text', (column) => column.notNull())
    .addColumn('answer', 'text', (column) => column.notNull())
    .addColumn('typed_name', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text', (column) => column.notNull())
    .addColumn('superseded_at', 'text')
    .execute();
  await db.schema
    .createIndex('consent_answers_standing')
    .on('consent_answers')
    .columns(['form_id', 'guardian_id', 'student_key'])
    .unique()
    .where(sql.ref('superseded_at'), 'is', null)
    .execute();
  await db.schema.createIndex('consent_answers_student').on('consent_answers').column('student_id').execute();
  await db.schema.createIndex('consent_answers_guardian').on('consent_answers').column('guardian_id').execute();

  await db.schema
    .createTable('consent_settings')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .execute();
  await (db as Kysely<{ consent_settings: { name: string; enabled: number } }>)
    .insertInto('consent_settings')
    .values({ name: 'registration_agreement', enabled: 0 })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['consent_settings', 'consent_answers', 'consent_texts', 'consent_form_classes', 'consent_forms'])
    await db.schema.dropTable(table).execute();
}
