import { documentTypeNames, type FieldValue, type StaffRole } from '@school/contract';
import { nowIso, type Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/features/auth/passwords.ts';
import type { NewMessage } from '../../src/features/notifications/repository.ts';
import type { Config } from '../../src/core/config.ts';
import { buildTestApp, TestClient, type TestApp } from './test-app.ts';

let sequence = 0;

export type TestStudent = { id: string; first_name: string; last_name: string; date_of_birth: string; class_id: string; dobPassword: string };

/** Inserts a student who has not signed in yet (password_reset = 1, first password = date of birth). */
export async function createStudent(db: Db, fields: Record<string, FieldValue> = {}, account: { password?: string } = {}): Promise<TestStudent> {
  sequence += 1;
  const id = String(fields.id ?? `2026${String(sequence).padStart(4, '0')}`);
  const now = nowIso();
  const student = {
    first_name: 'Kezia',
    last_name: `Test${sequence}`,
    date_of_birth: '2014-03-09',
    sex: 'F',
    class_id: '1A',
    house_code: 'A',
    ...fields,
    id,
  };
  await db
    .insertInto('students')
    .values({ ...student, created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('student_accounts')
    .values({
      student_id: id,
      password_hash: account.password ? await hashPassword(account.password) : null,
      password_reset: account.password ? 0 : 1,
      password_changed_at: null,
    })
    .execute();
  await db
    .insertInto('form_progress')
    .values({ student_id: id, studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0 })
    .execute();
  return {
    id,
    first_name: String(student.first_name),
    last_name: String(student.last_name),
    date_of_birth: String(student.date_of_birth),
    class_id: String(student.class_id),
    dobPassword: String(student.date_of_birth).replaceAll('-', ''),
  };
}

export const STUDENT_PASSWORD = 'Hibiscus-Garden-42';
export const ADMIN_PASSWORD = 'Savannah-Morning-7';

/** Inserts an admin whose password is already set (no forced change). */
export async function createAdminUser(
  db: Db,
  username = 'registrar',
  password = ADMIN_PASSWORD,
  mustChange = false,
): Promise<{ username: string; password: string }> {
  return createStaffUser(db, username, { password, mustChange });
}

/** Inserts a staff account of a role (an admin by default) whose password is already set, unless `mustChange`. */
export async function createStaffUser(
  db: Db,
  username: string,
  {
    role = 'admin',
    classes = [],
    password = ADMIN_PASSWORD,
    mustChange = false,
  }: { role?: StaffRole; classes?: string[]; password?: string; mustChange?: boolean } = {},
): Promise<{ username: string; password: string }> {
  await db
    .insertInto('admin_users')
    .values({
      username,
      password_hash: await hashPassword(password),
      must_change_password: mustChange ? 1 : 0,
      created_at: nowIso(),
      role,
      classes: classes.join(','),
    })
    .execute();
  return { username, password };
}

/** A client of `app` signed in as a new staff account of the role (and classes) given. */
export async function signedInStaff(app: TestApp['app'], db: Db, username: string, options: { role: StaffRole; classes?: string[] }): Promise<TestClient> {
  await createStaffUser(db, username, options);
  return signedInAdmin(app, username);
}

/** Signs the client in as a student with a full session (password already set). */
export async function signInAsStudent(client: TestClient, studentId: string, password = STUDENT_PASSWORD) {
  await client.start();
  const response = await client.post('/api/login-student', { student_id: studentId, password });
  if (response.statusCode !== 200) throw new Error(`student sign-in failed: ${response.statusCode} ${response.body}`);
  return response;
}

export async function signInAsAdmin(client: TestClient, username = 'registrar', password = ADMIN_PASSWORD) {
  await client.start();
  const response = await client.post('/api/admin-login', { name: username, password });
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.statusCode} ${response.body}`);
  return response;
}

/** A client of `app` signed in as an admin who already exists (`createAdminUser`). */
export async function signedInAdmin(app: TestApp['app'], username = 'registrar'): Promise<TestClient> {
  const client = new TestClient(app);
  await signInAsAdmin(client, username);
  return client;
}

/**
 * The real app on a fresh database with the registrar (`createAdminUser`) signed in: the set-up of
 * most staff tests, `({ t, admin } = await adminApp())` in their `beforeAll` or `beforeEach`.
 */
export async function adminApp(overrides: Partial<Config> = {}): Promise<{ t: TestApp; admin: TestClient }> {
  const t = await buildTestApp(overrides);
  await createAdminUser(t.db);
  return { t, admin: await signedInAdmin(t.app) };
}

/** A new student with her password set, and a client of `t` signed in as her. */
export async function signedInStudent(
  t: Pick<TestApp, 'app' | 'db'>,
  fields: Record<string, FieldValue> = {},
): Promise<{ student: TestStudent; client: TestClient }> {
  const student = await createStudent(t.db, fields, { password: STUDENT_PASSWORD });
  const client = new TestClient(t.app);
  await signInAsStudent(client, student.id);
  return { student, client };
}

/** Opens registration for every form level, with no deadline. */
export const openRegistration = (db: Db) => db.updateTable('registration_status').set({ open: 1, deadline: null }).execute();

/** Every field the four data steps require, filled in with valid values: saved with Health Data confirmed, the data steps are complete. */
export const completeRecordFields = {
  home_address: '12 Coffee Street',
  address_line_2: 'San Fernando',
  regional_corporation: 'San Fernando City Corporation',
  email: 'kezia@example.tt',
  previous_school: 'Naparima Primary',
  religion_code: 'RC',
  ethnic_group_code: '1',
  birth_certificate_no: 'BC1234',
  place_of_birth: 'Trinidad and Tobago',
  nationality: 'Trinidadian',
  living_status: 'Mother Only',
  mother_name: 'Joy Charles',
  device_type: 'Laptop',
};

/** Stores a registration as finished without the wizard: every step flag set and a row for each required document. */
export async function storeCompleteRegistration(db: Db, studentId: string): Promise<void> {
  await db
    .updateTable('form_progress')
    .set({
      ...{ studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1 },
      ...{ studentData_reviewed: 1, familyData_reviewed: 1, healthData_reviewed: 1, otherData_reviewed: 1, documents_reviewed: 1 },
    })
    .where('student_id', '=', studentId)
    .execute();
  for (const type of documentTypeNames) {
    await db
      .insertInto('uploaded_files')
      .values({
        student_id: studentId,
        file_type: type,
        original_name: `${type}.pdf`,
        stored_name: `${studentId}-${type}`,
        mime_type: 'application/pdf',
        size_bytes: 10,
        created_at: nowIso(),
      })
      .execute();
  }
}

/** The `n`th of a batch of plain messages for the outbox, each to its own parent: for the sender's tests. */
export const outboxMessage = (n: number): NewMessage => ({
  kind: 'report_posted',
  recipient: `parent${n}@example.org`,
  subject: `Message ${n}`,
  text_body: `Body ${n}`,
  html_body: `<p>Body ${n}</p>`,
  event: 'test',
  student_id: null,
});

/** `count` outbox messages (`outboxMessage`), each to its own parent. */
export const outboxMessages = (count: number): NewMessage[] => Array.from({ length: count }, (_, n) => outboxMessage(n));
