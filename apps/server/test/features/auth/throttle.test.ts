import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fail(studentId: string, times: number, ip: (attempt: number) => string, headers: (attempt: number) => Record<string, string> = () => ({})) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) {
    const client = await new TestClient(t.app, ip(attempt)).start();
    statuses.push((await client.post('/api/login-student', { student_id: studentId, password: `wrong-${attempt}` }, headers(attempt))).statusCode);
  }
  return statuses;
}

describe('sign-in throttling', () => {
  it('locks a first-password account after 5 failures, with a retry time, even from rotating addresses and headers', async () => {
    const student = await createStudent(t.db);
    const statuses = await fail(
      student.id,
      6,
      (attempt) => `10.20.0.${attempt + 1}`,
      (attempt) => ({ 'x-forwarded-for': `203.0.113.${attempt}`, 'user-agent': `agent-${attempt}` }),
    );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const client = await new TestClient(t.app, '10.20.1.1').start();
    const locked = await client.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?\./);
  });

  it('allows 10 failures per 15 minutes on an account with its own password', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const statuses = await fail(student.id, 11, (attempt) => `10.21.0.${attempt + 1}`);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('does not count failures before the last success', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    await fail(student.id, 9, (attempt) => `10.23.0.${attempt + 1}`);
    const client = await new TestClient(t.app, '10.23.1.1').start();
    expect((await client.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
    expect(await fail(student.id, 9, (attempt) => `10.23.2.${attempt + 1}`)).not.toContain(429);
  });
});
