import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/session/session-repository.ts';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createStudent, signInAsStudent, STUDENT_PASSWORD } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('sessions and CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie and an HttpOnly session cookie', async () => {
    const response = await new TestClient(t.app).get('/sanctum/csrf-cookie');
    expect(response.statusCode).toBe(204);
    const cookies = response.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>;
    expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    expect(cookies.find((cookie) => cookie.name === 'portal_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('refuses a mutating call without a valid X-XSRF-TOKEN with 403', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = await new TestClient(t.app).start();
    const missing = await client.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD }, { 'x-xsrf-token': '' });
    expect(missing.statusCode).toBe(403);
    const forged = await client.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD }, { 'x-xsrf-token': 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/CSRF token mismatch/);
    const noSession = await new TestClient(t.app).post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    expect(noSession.statusCode).toBe(403);
  });

  it('gives a new session id at sign-in; the pre-sign-in cookie stops working', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = await new TestClient(t.app).start();
    const before = client.cookies.get('portal_session')!;
    await client.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD });
    const after = client.cookies.get('portal_session')!;
    expect(after).not.toBe(before);
    expect(await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hashToken(before)).executeTakeFirst()).toBeUndefined();
    const stale = new TestClient(t.app);
    stale.cookies.set('portal_session', before);
    expect((await stale.get('/api/session')).json().authenticated).toBe(false);
  });

  it('tells a caller whose session has ended why she is signed out, and a new visitor nothing', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    await t.db.deleteFrom('sessions').where('student_id', '=', student.id).execute();
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false, ended_message: 'Your session has ended. Please sign in again.' });
    expect((await new TestClient(t.app).get('/api/session')).json()).toMatchObject({ authenticated: false, ended_message: null });
  });

  it('never stores the session id itself', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const token = client.cookies.get('portal_session')!;
    const rows = await t.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((row) => row.id_hash === token)).toBe(false);
    expect(rows.some((row) => row.id_hash === hashToken(token))).toBe(true);
  });

  it('ends a session idle for 30 minutes with a clear message', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const idHash = hashToken(client.cookies.get('portal_session')!);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: minutesAgo(29) })
      .where('id_hash', '=', idHash)
      .execute();
    expect((await client.get(`/api/student-record/${student.id}`)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: minutesAgo(31) })
      .where('id_hash', '=', idHash)
      .execute();
    const expired = await client.get(`/api/student-record/${student.id}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('slides the idle timeout while the student is active', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const idHash = hashToken(client.cookies.get('portal_session')!);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: minutesAgo(20) })
      .where('id_hash', '=', idHash)
      .execute();
    await client.get(`/api/student-record/${student.id}`);
    const row = await t.db.selectFrom('sessions').select('last_seen_at').where('id_hash', '=', idHash).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at)).toBeLessThan(60_000);
  });

  it('ends a session 12 hours after sign-in however active', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const idHash = hashToken(client.cookies.get('portal_session')!);
    await t.db
      .updateTable('sessions')
      .set({ created_at: minutesAgo(12 * 60 + 1) })
      .where('id_hash', '=', idHash)
      .execute();
    expect((await client.get(`/api/student-record/${student.id}`)).statusCode).toBe(401);
  });

  it('ends the session at logout', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const token = client.cookies.get('portal_session')!;
    expect((await client.post('/logout')).statusCode).toBe(204);
    const replay = new TestClient(t.app);
    replay.cookies.set('portal_session', token);
    expect((await replay.get(`/api/student-record/${student.id}`)).statusCode).toBe(401);
  });

  it("ends a student's other sessions when she changes her password, keeping this one", async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const phone = new TestClient(t.app);
    const laptop = new TestClient(t.app);
    await signInAsStudent(phone, student.id);
    await signInAsStudent(laptop, student.id);
    expect((await laptop.post('/api/change-password-student', { current_password: STUDENT_PASSWORD, password: 'Pitch-Lake-Walk-88' })).statusCode).toBe(200);
    expect((await laptop.get(`/api/student-record/${student.id}`)).statusCode).toBe(200);
    expect((await phone.get(`/api/student-record/${student.id}`)).statusCode).toBe(401);
  });

  it('tells every one of many requests sent at once whose session it carries (their sessions are read together)', async () => {
    const students = await Promise.all(Array.from({ length: 12 }, () => createStudent(t.db, {}, { password: STUDENT_PASSWORD })));
    const clients = students.map(() => new TestClient(t.app));
    for (const [index, client] of clients.entries()) await signInAsStudent(client, students[index].id);
    const ended = new TestClient(t.app);
    await signInAsStudent(ended, students[0].id);
    const endedToken = ended.cookies.get('portal_session')!;
    await ended.post('/logout');
    const replay = new TestClient(t.app);
    replay.cookies.set('portal_session', endedToken);
    const forged = new TestClient(t.app);
    forged.cookies.set('portal_session', 'not-a-session');

    const [own, others, replayed, guessed] = await Promise.all([
      Promise.all(clients.map((client, index) => client.get(`/api/student-record/${students[index].id}`))),
      Promise.all(clients.map((client, index) => client.get(`/api/student-record/${students[(index + 1) % students.length].id}`))),
      replay.get(`/api/student-record/${students[0].id}`),
      forged.get(`/api/student-record/${students[0].id}`),
    ]);
    own.forEach((response, index) => {
      expect(response.statusCode).toBe(200);
      expect(response.json()[0].id).toBe(students[index].id);
    });
    expect(others.map((response) => response.statusCode)).toEqual(students.map(() => 403));
    expect([replayed.statusCode, guessed.statusCode]).toEqual([401, 401]);
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await new TestClient(t.app).get('/api/session');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("object-src 'none'");
    expect(String(response.headers['content-security-policy'])).toContain("base-uri 'none'");
  });

  it('answers bad JSON with a 4xx message, not a 500', async () => {
    const client = await new TestClient(t.app).start();
    const response = await client.request('POST', '/api/login-student', '{"student_id":', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });
});
