import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

describe('GET /api/students', () => {
  it('lists only the table fields, the most recently changed first', async () => {
    const older = await createStudent(t.db, { last_name: 'Baptiste', birth_certificate_no: 'PIN-1' });
    const newer = await createStudent(t.db, { last_name: 'Mohammed' });
    await t.db.updateTable('students').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', older.id).execute();
    const admin = new TestClient(t.app);
    await signInAsAdmin(admin);
    const rows = (await admin.get('/api/students')).json();
    expect(rows[0].id).toBe(newer.id);
    expect(rows.at(-1)).toEqual({
      id: older.id,
      first_name: 'Kezia',
      last_name: 'Baptiste',
      class_id: '1A',
      date_of_birth: '2014-03-09',
      birth_certificate_no: 'PIN-1',
      updatedAt: '2020-01-01T00:00:00.000Z',
      has_guardian: false,
    });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'birth_certificate_no',
      'class_id',
      'date_of_birth',
      'first_name',
      'has_guardian',
      'id',
      'last_name',
      'updatedAt',
    ]);
  });

  it('refuses students and visitors', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    expect((await client.get('/api/students')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/students')).statusCode).toBe(401);
  });
});
