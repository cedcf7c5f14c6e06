import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { studentColumns } from '@school/contract';
import { migrateToLatest } from '../../src/db/migrate.ts';
import * as staffRoles from '../../src/db/migrations/019-staff-roles.ts';
import * as reviewedSteps from '../../src/db/migrations/024-reviewed-steps.ts';
import * as guardianSecondFactor from '../../src/db/migrations/033-guardian-second-factor.ts';
import { createTestDb, testDialect } from '../helpers/test-db.ts';

describe(`migrations on ${testDialect}`, () => {
  it('creates every table from empty, and running again changes nothing', async () => {
    const { db, close } = await createTestDb();
    try {
      const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
      for (const name of [
        'absence_notes',
        'admin_users',
        'attendance_records',
        'audit_log',
        'contact_change_fields',
        'contact_changes',
        'consent_answers',
        'consent_form_classes',
        'consent_forms',
        'consent_settings',
        'consent_texts',
        'ethnic_groups',
        'form_classes',
        'form_progress',
        'guardian_passkeys',
        'guardian_recovery_codes',
        'guardians',
        'houses',
        'import_claims',
        'import_progress',
        'primary_schools',
        'rate_limits',
        'regional_corporations',
        'registration_status',
        'roster_rows',
        'religions',
        'sessions',
        'student_accounts',
        'stored_files',
        'student_data_files',
        'students',
        'term_reports',
        'term_results',
        'term_summaries',
        'towns',
        'uploaded_files',
      ]) {
        expect(tables).toContain(name);
      }
      await migrateToLatest(db);
      const students = (await db.introspection.getTables()).find((table) => table.name === 'students')!;
      const columns = students.columns.map((column) => column.name);
      for (const column of studentColumns) expect(columns).toContain(column);
      await sql`SELECT 1`.execute(db);
    } finally {
      await close();
    }
  });

  it('keeps the audit log indexed by time beside its key, and otherwise by staff and guardian rows only: a student’s autosave row updates no other index', async () => {
    const { db, close } = await createTestDb();
    try {
      const query =
        testDialect === 'postgres'
          ? sql<{
              name: string;
              definition: string;
            }>`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'audit_log' AND indexname <> 'audit_log_pkey' ORDER BY indexname`
          : sql<{
              name: string;
              definition: string;
            }>`SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_log' ORDER BY name`;
      const indexes = (await query.execute(db)).rows;
      expect(indexes.map((index) => index.name)).toEqual(['audit_log_at', 'audit_log_guardian_student', 'audit_log_staff_student']);
      // The staff and guardian indexes are partial: only rows written by staff, or by guardians, are in them (decisions 050 and 063).
      expect(indexes[1].definition.replaceAll('"', '')).toMatch(/where \(?actor_kind = 'guardian'/i);
      expect(indexes[2].definition.replaceAll('"', '')).toMatch(/where \(?actor_kind = 'admin'/i);
    } finally {
      await close();
    }
  });

  it('indexes no column an autosave changes, so PostgreSQL can write a save beside the record it replaces, with room left on each page', async () => {
    const { db, close } = await createTestDb();
    try {
      const query =
        testDialect === 'postgres'
          ? sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'students' AND indexname <> 'students_pkey' ORDER BY indexname`
          : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'students' AND sql IS NOT NULL ORDER BY name`;
      expect((await query.execute(db)).rows.map((row) => row.name)).toEqual(['students_names']);
      if (testDialect === 'postgres') {
        const { rows } = await sql<{ options: string[] | null }>`SELECT reloptions AS options FROM pg_class WHERE relname = 'students'`.execute(db);
        expect(rows[0].options).toEqual(['fillfactor=70']);
      }
    } finally {
      await close();
    }
  });

  it('keeps one standing consent answer per form, guardian and daughter: the unique index leaves replaced answers out (decision 067)', async () => {
    const { db, close } = await createTestDb();
    try {
      const query =
        testDialect === 'postgres'
          ? sql<{
              name: string;
              definition: string;
            }>`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'consent_answers' AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key' ORDER BY indexname`
          : sql<{
              name: string;
              definition: string;
            }>`SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = 'consent_answers' AND sql IS NOT NULL ORDER BY name`;
      const indexes = (await query.execute(db)).rows;
      expect(indexes.map((index) => index.name)).toEqual(['consent_answers_guardian', 'consent_answers_standing', 'consent_answers_student']);
      const standing = indexes[1].definition.replaceAll('"', '');
      expect(standing).toMatch(/unique index/i);
      expect(standing).toMatch(/\(form_id, guardian_id, student_key\)/);
      expect(standing).toMatch(/where \(?superseded_at is null/i);
      // The school's switch is there, and off.
      expect(await db.selectFrom('consent_settings').selectAll().execute()).toEqual([{ name: 'registration_agreement', enabled: 0 }]);
    } finally {
      await close();
    }
  });

  it('makes every admin account that existed before staff roles an enabled admin of no class', async () => {
    const { db, close } = await createTestDb();
    try {
      await staffRoles.down(db as never);
      await sql`INSERT INTO admin_users (username, password_hash, must_change_password, created_at) VALUES ('old-admin', 'x', 0, '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await staffRoles.up(db as never);
      const row = await db
        .selectFrom('admin_users')
        .select(['role', 'classes', 'disabled', 'display_name'])
        .where('username', '=', 'old-admin')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'admin', classes: '', disabled: 0, display_name: null });
    } finally {
      await close();
    }
  });

  it('keeps absence notes indexed by state and by student beside their key (newest first), under a bigint key on PostgreSQL (decision 065)', async () => {
    const { db, close } = await createTestDb();
    try {
      const query =
        testDialect === 'postgres'
          ? sql<{
              name: string;
            }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'absence_notes' AND indexname LIKE 'absence_notes_s%' ORDER BY indexname`
          : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'absence_notes' AND sql IS NOT NULL ORDER BY name`;
      expect((await query.execute(db)).rows.map((row) => row.name)).toEqual(['absence_notes_status', 'absence_notes_student']);
      if (testDialect === 'postgres') {
        const key = await sql<{
          data_type: string;
        }>`SELECT data_type FROM information_schema.columns WHERE table_name = 'absence_notes' AND column_name = 'id'`.execute(db);
        expect(key.rows).toEqual([{ data_type: 'bigint' }]);
      }
    } finally {
      await close();
    }
  });

  it('keeps every step counted as done before the reviewed marks: its mark set from its flag, Health Data from its saved mark', async () => {
    const { db, close } = await createTestDb();
    try {
      await reviewedSteps.down(db as never);
      await sql`INSERT INTO students (id, first_name, last_name, created_at, updated_at) VALUES ('M-1', 'Kezia', 'Charles', 'a', 'b'), ('M-2', 'Ann', 'Lee', 'a', 'b')`.execute(
        db,
      );
      await sql`INSERT INTO form_progress (student_id, "studentData", "familyData", "healthData", "otherData", documents, submit, health_data_saved, completed_on)
        VALUES ('M-1', 1, 0, 1, 1, 1, 0, 1, 0), ('M-2', 0, 1, 0, 0, 0, 0, 1, 0)`.execute(db);
      await reviewedSteps.up(db as never);
      const rows = await db.selectFrom('form_progress').selectAll().where('student_id', 'in', ['M-1', 'M-2']).orderBy('student_id').execute();
      expect(
        rows.map(({ studentData_reviewed, familyData_reviewed, healthData_reviewed, otherData_reviewed, documents_reviewed }) => [
          studentData_reviewed,
          familyData_reviewed,
          healthData_reviewed,
          otherData_reviewed,
          documents_reviewed,
        ]),
      ).toEqual([
        [1, 0, 1, 1, 1],
        [0, 1, 1, 0, 0],
      ]);
      expect(rows[0]).not.toHaveProperty('health_data_saved');
    } finally {
      await close();
    }
  });
  it("gives a guardian's account the staff's factor columns, and her recovery codes and passkeys go with her account; undone, they go", async () => {
    const { db, close } = await createTestDb();
    try {
      await guardianSecondFactor.down(db as never);
      await sql`INSERT INTO guardians (public_id, email, email_verified_at, display_name, password_hash, message_kinds, created_at, password_changed_at)
        VALUES ('g-old', 'old@example.org', 'a', 'Old Guardian', 'x', '', 'a', 'a')`.execute(db);
      await guardianSecondFactor.up(db as never);
      const guardian = await db
        .selectFrom('guardians')
        .select(['id', 'totp_secret', 'totp_pending_secret', 'totp_last_step', 'factor_failures', 'factor_locked_until'])
        .where('public_id', '=', 'g-old')
        .executeTakeFirstOrThrow();
      expect(guardian).toMatchObject({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, factor_failures: 0, factor_locked_until: null });
      await db.insertInto('guardian_recovery_codes').values({ guardian_id: guardian.id, code_hash: 'h', used_at: null }).execute();
      await db
        .insertInto('guardian_passkeys')
        .values({ guardian_id: guardian.id, credential_id: 'c', public_key: 'k', counter: 0, transports: '', name: 'Phone', created_at: 'a' })
        .execute();
      await db.deleteFrom('guardians').where('id', '=', guardian.id).execute();
      expect(await db.selectFrom('guardian_recovery_codes').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('guardian_passkeys').selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe(`contact changes on ${testDialect} (decision 066)`, () => {
  it('keeps one change waiting per guardian and girl: a second is refused by the database, a replaced one is not', async () => {
    const { db, close } = await createTestDb();
    try {
      await db.insertInto('students').values({ id: 'C-1', created_at: 'a', updated_at: 'b' }).execute();
      const { id: guardianId } = await db
        .insertInto('guardians')
        .values({
          public_id: 'g-1',
          email: 'g@example.org',
          email_verified_at: 'a',
          display_name: 'G',
          phone: null,
          password_hash: 'x',
          message_kinds: '',
          created_at: 'a',
          password_changed_at: 'a',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const change = (publicId: string, status: 'pending' | 'replaced') => ({
        public_id: publicId,
        student_id: 'C-1',
        guardian_id: guardianId,
        relationship: 'father' as const,
        status,
        created_at: 'a',
        answered_at: null,
        answered_by: null,
        note: null,
      });
      await db
        .insertInto('contact_changes')
        .values([change('c-1', 'replaced'), change('c-2', 'pending')])
        .execute();
      await expect(db.insertInto('contact_changes').values(change('c-3', 'pending')).execute()).rejects.toThrow(/unique/i);
      expect(await db.selectFrom('contact_changes').select('public_id').orderBy('id').execute()).toEqual([{ public_id: 'c-1' }, { public_id: 'c-2' }]);
    } finally {
      await close();
    }
  });
});
