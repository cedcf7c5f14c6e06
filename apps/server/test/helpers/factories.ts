import type { FieldValue } from '@school/contract';
import { nowIso, type Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/features/auth/passwords.ts';
import type { TestClient } from './test-app.ts';

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
  await db
    .insertInto('admin_users')
    .values({ username, password_hash: await hashPassword(password), must_change_password: mustChange ? 1 : 0, created_at: nowIso() })
    .execute();
  return { username, password };
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
