import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

const check = (client: TestClient, current_password: string) => client.post('/api/check-current-password', { current_password });

describe('the change-password screen’s first step', () => {
  it('says whether the current password is right, changing nothing', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.3.3.1');
    await signInAsStudent(client, student.id);
    expect((await check(client, STUDENT_PASSWORD)).statusCode).toBe(200);
    const wrong = await check(client, 'not-my-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
    expect((await check(client, '')).json().errors.current_password).toEqual(['Enter your current password.']);
  });

  it('counts wrong answers like failed sign-ins, and stops after ten in fifteen minutes', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.3.3.2');
    await signInAsStudent(client, student.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await check(client, `guess-${attempt}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await check(client, STUDENT_PASSWORD)).statusCode).toBe(429);
    const failures = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('student_id', '=', student.id)
      .where('action', '=', 'student.sign-in-failed')
      .execute();
    expect(failures).toHaveLength(10);
  });

  it('refuses a visitor and an admin', async () => {
    const visitor = new TestClient(t.app, '10.3.3.3');
    await visitor.start();
    expect((await check(visitor, 'x')).statusCode).toBe(401);
    const admin = new TestClient(t.app, '10.3.3.4');
    await signInAsAdmin(admin);
    expect((await check(admin, 'x')).statusCode).toBe(403);
  });
});
