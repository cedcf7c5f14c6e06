import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChecks } from '../../../src/features/auth/passwords.ts';
import { studentLookupRate } from '../../../src/features/auth/routes.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, STUDENT_PASSWORD } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

const auditActions = async (studentId: string) =>
  (await t.db.selectFrom('audit_log').select(['action', 'ip', 'actor_kind']).where('student_id', '=', studentId).orderBy('id').execute()).map(
    (row) => row.action,
  );

/** `GET /api/user/{id}` as the sign-in screen asks it: with a CSRF token, fetched afresh, echoed (decision 058). */
async function askUser(client: TestClient, studentId: string) {
  await client.start();
  return client.get(`/api/user/${studentId}`, { 'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!) });
}

describe('student sign-in', () => {
  it('tells the sign-in screen that a new student must use her date of birth', async () => {
    const student = await createStudent(t.db);
    const response = await askUser(new TestClient(t.app), student.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ student_id: student.id, password_reset: 1 }]);
  });

  it('answers an unknown student ID as it answers a new student, so a visitor cannot tell which IDs exist', async () => {
    const response = await askUser(new TestClient(t.app), '99999999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ student_id: '99999999', password_reset: 1 }]);
  });

  it('answers only a call that echoes the CSRF token, so the question cannot be scripted without taking a token first', async () => {
    const bare = await new TestClient(t.app).get('/api/user/99999999');
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe(messages.csrfMismatch);
    const withCookieOnly = await (await new TestClient(t.app).start()).get('/api/user/99999999');
    expect(withCookieOnly.statusCode).toBe(403);
    const forged = await (await new TestClient(t.app).start()).get('/api/user/99999999', { 'x-xsrf-token': 'made-up' });
    expect(forged.statusCode).toBe(403);
  });

  it('tells a browser that never signed in to an account nothing of it: a chosen password answers as a date of birth does', async () => {
    const student = await createStudent(t.db);
    const owner = await new TestClient(t.app).start();
    await owner.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    expect((await owner.post('/api/change-password-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
    const stranger = await askUser(new TestClient(t.app, '10.9.9.12'), student.id);
    const unknown = await askUser(new TestClient(t.app, '10.9.9.12'), '99999998');
    const newcomer = await askUser(new TestClient(t.app, '10.9.9.12'), (await createStudent(t.db)).id);
    for (const answer of [stranger, unknown, newcomer]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()[0].password_reset).toBe(1);
      expect(Object.keys(answer.json()[0])).toEqual(['student_id', 'password_reset']);
    }
    // Her own browser, which signed in to it, is told she has her own password.
    expect((await askUser(owner, student.id)).json()).toEqual([{ student_id: student.id, password_reset: 0 }]);
  });

  it('signs a new student in with her date of birth into a restricted session', async () => {
    const student = await createStudent(t.db, { first_name: 'Anjali', last_name: 'Persad' });
    const client = await new TestClient(t.app).start();
    const response = await client.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Anjali Persad', student_id: student.id, password_reset: 1 });
    const session = (await client.get('/api/session')).json();
    expect(session).toMatchObject({ authenticated: true, admin: false, restricted: true, userID: student.id, initials: 'AP' });
    // Restricted: only the password change or logout.
    expect((await client.get(`/api/student-record/${student.id}`)).statusCode).toBe(403);
  });

  it('lets the restricted session set a password, then opens a full session', async () => {
    const student = await createStudent(t.db);
    const client = await new TestClient(t.app).start();
    await client.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    const change = await client.post('/api/change-password-student', { student_id: student.id, password: STUDENT_PASSWORD });
    expect(change.statusCode).toBe(200);
    expect(change.json().message).toBe('Password Changed Successfully.');
    expect((await client.get(`/api/student-record/${student.id}`)).json()).toEqual([
      { first_name: student.first_name, last_name: student.last_name, id: student.id },
    ]);
    expect((await askUser(client, student.id)).json()).toEqual([{ student_id: student.id, password_reset: 0 }]);

    const again = await new TestClient(t.app).start();
    expect((await again.post('/api/login-student', { student_id: student.id, password: student.dobPassword })).statusCode).toBe(422);
    expect((await again.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
    expect(await auditActions(student.id)).toEqual(['student.sign-in', 'student.password-changed', 'student.sign-in-failed', 'student.sign-in']);
  });

  it('ties the change to the session, never to the student_id in the body', async () => {
    const victim = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const student = await createStudent(t.db);
    const client = await new TestClient(t.app).start();
    await client.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    await client.post('/api/change-password-student', { student_id: victim.id, password: 'Another-Strong-Pass9' });
    const victimClient = await new TestClient(t.app).start();
    expect((await victimClient.post('/api/login-student', { student_id: victim.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
    expect((await victimClient.post('/api/login-student', { student_id: student.id, password: 'Another-Strong-Pass9' })).statusCode).toBe(200);
  });

  it.each([
    ['short', 'The password must have at least 8 characters.'],
    ['x'.repeat(129), 'The password must have at most 128 characters.'],
    ['password123', 'This password is too common. Please choose another.'],
  ])('refuses the new password %#', async (password, message) => {
    const student = await createStudent(t.db);
    const client = await new TestClient(t.app).start();
    await client.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    const response = await client.post('/api/change-password-student', { password });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual([message]);
  });

  it('refuses a new password made of the student ID or the date of birth', async () => {
    const student = await createStudent(t.db, { date_of_birth: '2013-07-21' });
    const client = await new TestClient(t.app).start();
    await client.post('/api/login-student', { student_id: student.id, password: student.dobPassword });
    expect((await client.post('/api/change-password-student', { password: `ab${student.id}cd` })).json().errors.password[0]).toMatch(/student ID/);
    expect((await client.post('/api/change-password-student', { password: 'mine20130721' })).json().errors.password[0]).toMatch(/date of birth/);
  });

  it('asks a full session for the current password before changing it', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = await new TestClient(t.app).start();
    await client.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const wrong = await client.post('/api/change-password-student', { current_password: 'nope', password: 'Brand-New-Pass55' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
    expect((await client.post('/api/change-password-student', { current_password: STUDENT_PASSWORD, password: 'Brand-New-Pass55' })).statusCode).toBe(200);
  });

  it('reads a wrong ID and a wrong password alike', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = await new TestClient(t.app, '10.9.9.9').start();
    const wrongPassword = await client.post('/api/login-student', { student_id: student.id, password: 'not-it' });
    const wrongId = await client.post('/api/login-student', { student_id: '11112222', password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongId.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(wrongId.json());
    expect(wrongPassword.json().message).toBe('The student ID or password is incorrect.');
  });

  it('runs one password check on every failure path, so that none answers sooner than another', async () => {
    const chosen = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const newcomer = await createStudent(t.db);
    const client = await new TestClient(t.app, '10.9.9.10').start();
    const checksFor = async (url: string, body: Record<string, string>) => {
      const before = signInChecks.count;
      const response = await client.post(url, body);
      return { status: response.statusCode, message: response.json().message, checks: signInChecks.count - before };
    };
    const studentFailure = { status: 422, message: 'The student ID or password is incorrect.', checks: 1 };
    expect(await checksFor('/api/login-student', { student_id: '31415926', password: '20140309' })).toEqual(studentFailure);
    expect(await checksFor('/api/login-student', { student_id: newcomer.id, password: '20140310' })).toEqual(studentFailure);
    expect(await checksFor('/api/login-student', { student_id: chosen.id, password: 'not-her-password' })).toEqual(studentFailure);
    const adminFailure = { status: 422, message: 'The username or password is incorrect.', checks: 1 };
    expect(await checksFor('/api/admin-login', { name: 'nobody-here', password: 'not-a-password' })).toEqual(adminFailure);
    expect(await checksFor('/api/admin-login', { name: 'registrar', password: 'not-a-password' })).toEqual(adminFailure);
  });

  it('answers the same for an unknown ID and a new student, and limits the calls per address', async () => {
    const newcomer = await createStudent(t.db);
    const client = new TestClient(t.app, '10.9.9.11');
    const known = await askUser(client, newcomer.id);
    const unknown = await askUser(client, '27182818');
    expect(Object.keys(unknown.json()[0])).toEqual(Object.keys(known.json()[0]));
    expect(unknown.json()[0].password_reset).toBe(known.json()[0].password_reset);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    const statuses: number[] = [];
    for (let call = 0; call < 60; call += 1) statuses.push((await askUser(client, `2718${String(call).padStart(4, '0')}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBe(58);
  });

  it('answers a missing field with the required message', async () => {
    const client = await new TestClient(t.app).start();
    const response = await client.post('/api/login-student', { student_id: '', password: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'This field is required.', errors: { student_id: ['This field is required.'] } });
  });
});

describe('admin sign-in', () => {
  it('signs an admin in and answers the name Admin', async () => {
    const client = new TestClient(t.app);
    const response = await signInAsAdmin(client);
    expect(response.json()).toEqual({ name: 'Admin', username: 'registrar', must_change_password: false });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, admin: true });
  });

  it("says 'Username field empty' without a username", async () => {
    const client = await new TestClient(t.app).start();
    const response = await client.post('/api/admin-login', { name: ' ', password: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Username field empty');
  });

  it('keeps an admin with a one-time password restricted until it is changed', async () => {
    await createAdminUser(t.db, 'newcomer', 'One-Time-Pass-1', true);
    const client = new TestClient(t.app);
    const response = await signInAsAdmin(client, 'newcomer', 'One-Time-Pass-1');
    expect(response.json().must_change_password).toBe(true);
    expect((await client.post('/api/reset-password-student', { student_id: '1' })).statusCode).toBe(403);
    expect((await client.post('/api/admin/change-password', { current_password: 'One-Time-Pass-1', password: 'Fresh-Admin-Pass-2' })).statusCode).toBe(200);
    expect((await client.post('/api/reset-password-student', { student_id: 'nobody-here' })).statusCode).toBe(404);
  });
});

describe('admin reset of a student password', () => {
  it('sets password_reset again, ends her sessions and logs who did it', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const studentClient = await new TestClient(t.app).start();
    await studentClient.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    expect((await studentClient.get(`/api/student-record/${student.id}`)).statusCode).toBe(200);

    const admin = new TestClient(t.app);
    await signInAsAdmin(admin);
    const reset = await admin.post('/api/reset-password-student', { student_id: student.id });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toContain(`${student.first_name} ${student.last_name}`);

    const after = await studentClient.get(`/api/student-record/${student.id}`);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await askUser(studentClient, student.id)).json()).toEqual([{ student_id: student.id, password_reset: 1 }]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'student.password-reset')
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_kind: 'admin', actor_id: 'registrar', ip: '10.0.0.1' });
  });
});

describe('student ID lookup', () => {
  it('finds a student by exact first and last name, ignoring case', async () => {
    const student = await createStudent(t.db, { first_name: 'Shivani', last_name: 'Ramdass' });
    const client = new TestClient(t.app, '10.1.1.1');
    const response = await client.get('/api/student-lookup?first_name=shivani&last_name=RAMDASS');
    expect(response.json()).toEqual([{ id: student.id, first_name: 'Shivani', last_name: 'Ramdass' }]);
    expect((await client.get('/api/student-lookup?first_name=Shiv&last_name=Ramdass')).json()).toEqual([]);
  });

  it('needs both names and is rate-limited per address', async () => {
    const client = new TestClient(t.app, '10.1.1.2');
    expect((await client.get('/api/student-lookup?first_name=A')).statusCode).toBe(422);
    const statuses: number[] = [];
    const classroom = new TestClient(t.app, '10.1.1.3');
    for (let attempt = 0; attempt < studentLookupRate.max + 2; attempt += 1)
      statuses.push((await classroom.get('/api/student-lookup?first_name=A&last_name=B')).statusCode);
    expect(statuses.slice(0, studentLookupRate.max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(studentLookupRate.max)).toEqual([429, 429]);
  });
});
