import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/session/session-repository.ts';
import { VISITOR_COOKIE } from '../../src/session/sessions.ts';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createStudent, signInAsStudent, STUDENT_PASSWORD } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Rows of the sessions table, visitors' and signed-in users' alike. */
async function countSessions(): Promise<number> {
  const row = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('sessions and CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie bound to an HttpOnly visitor id, and stores nothing for a visitor', async () => {
    const sessionsBefore = await countSessions();
    const response = await new TestClient(t.app).get('/sanctum/csrf-cookie');
    expect(response.statusCode).toBe(204);
    const cookies = response.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>;
    expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    expect(cookies.find((cookie) => cookie.name === VISITOR_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((cookie) => cookie.name === 'portal_session')).toBeUndefined();
    expect(await countSessions()).toBe(sessionsBefore);
  });

  it('does not grow the sessions table however many visitors ask for a CSRF token at once', async () => {
    const sessionsBefore = await countSessions();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) => new TestClient(t.app, `10.90.${index >> 8}.${index & 255}`).get('/sanctum/csrf-cookie')),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(new Set(answers.map((answer) => answer.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value)).size).toBe(300);
    expect(await countSessions()).toBe(sessionsBefore);
  });

  it("refuses one visitor's CSRF token sent with another visitor's id, and a token signed for no visitor", async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const victim = await new TestClient(t.app).start();
    const attacker = await new TestClient(t.app).start();
    const attackerToken = decodeURIComponent(attacker.cookies.get('XSRF-TOKEN')!);
    const body = { student_id: student.id, password: STUDENT_PASSWORD };
    expect((await victim.post('/api/login-student', body, { 'x-xsrf-token': attackerToken })).statusCode).toBe(403);
    const noVisitor = new TestClient(t.app);
    noVisitor.cookies.set('XSRF-TOKEN', attackerToken);
    expect((await noVisitor.post('/api/login-student', body)).statusCode).toBe(403);
    expect((await victim.post('/api/login-student', body)).statusCode).toBe(200);
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

  it('gives a new session id at sign-in, never one the browser came with', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = await new TestClient(t.app).start();
    client.cookies.set('portal_session', 'planted-by-someone-else');
    expect((await client.post('/api/login-student', { student_id: student.id, password: STUDENT_PASSWORD })).statusCode).toBe(200);
    const after = client.cookies.get('portal_session')!;
    expect(after).not.toBe('planted-by-someone-else');
    const row = await t.db.selectFrom('sessions').select(['student_id', 'kind']).where('id_hash', '=', hashToken(after)).executeTakeFirstOrThrow();
    expect(row).toEqual({ student_id: student.id, kind: 'student' });
    const stale = new TestClient(t.app);
    stale.cookies.set('portal_session', 'planted-by-someone-else');
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
