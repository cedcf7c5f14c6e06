import { guardianMessages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../../src/features/auth/throttle.ts';
import { createAdminUser, signedInStudent, signInAsAdmin } from '../../helpers/factories.ts';
import { createGuardian, GUARDIAN_PASSWORD } from '../../helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let block = 0;
const browser = async (ip?: string) => new TestClient(t.app, ip ?? `10.90.${(block += 1) % 250}.${(block % 200) + 1}`).start();
const signIn = (client: TestClient, email: string, password: string) => client.post('/api/guardian-login', { email, password });

describe('a guardian signs in with her e-mail address and password', () => {
  it('starts a guardian session: the session names her, and she signs out', async () => {
    const guardian = await createGuardian(t.db, { name: 'Marisol Baptiste' });
    const client = await browser();
    // Typed with capitals and spaces, the address reads the same.
    const answer = await signIn(client, `  ${guardian.email.toUpperCase()} `, guardian.password);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'Marisol Baptiste', kind: 'guardian' });
    const session = (await client.get('/api/session')).json();
    expect(session).toMatchObject({ authenticated: true, kind: 'guardian', admin: false, name: 'Marisol Baptiste', initials: 'MB', userID: guardian.publicId });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id'])
      .where('action', '=', 'guardian.sign-in')
      .where('actor_id', '=', guardian.publicId)
      .execute();
    expect(audit).toEqual([{ actor_kind: 'guardian', actor_id: guardian.publicId }]);

    expect((await client.post('/logout')).statusCode).toBe(204);
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false });
    expect((await client.get('/api/guardian/account')).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const guardian = await createGuardian(t.db);
    const wrong = await signIn(await browser(), guardian.email, 'Not-Her-Password-9');
    const unknown = await signIn(await browser(), `nobody-${guardian.publicId}@example.org`, 'Not-Her-Password-9');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(guardianMessages.wrongSignIn);
  });

  it('refuses a disabled account as it refuses a wrong password, and its session no longer counts', async () => {
    const guardian = await createGuardian(t.db);
    const client = await browser();
    expect((await signIn(client, guardian.email, guardian.password)).statusCode).toBe(200);
    await t.db.updateTable('guardians').set({ disabled: 1 }).where('id', '=', guardian.id).execute();
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false });
    const refused = await signIn(await browser(), guardian.email, guardian.password);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(guardianMessages.wrongSignIn);
  });

  it('checks at most the account budget of 100 parallel guesses, then refuses even the right password with the wait', async () => {
    const guardian = await createGuardian(t.db);
    const attackers = await Promise.all(Array.from({ length: 100 }, () => browser()));
    const statuses = (await Promise.all(attackers.map((client, index) => signIn(client, guardian.email, `guess-number-${index}`)))).map(
      (answer) => answer.statusCode,
    );
    const checked = statuses.filter((status) => status === 422).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(limits.account.attempts);
    expect(statuses.every((status) => [422, 429, 503].includes(status))).toBe(true);
    const failures = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'guardian.sign-in-failed')
      .where('actor_id', '=', guardian.email)
      .execute();
    expect(failures).toHaveLength(checked);
    const right = await signIn(await browser(), guardian.email, guardian.password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts unknown addresses per address too, so a spray over addresses is throttled alike', async () => {
    const client = await browser('10.91.0.1');
    const statuses: number[] = [];
    for (let index = 0; index < 70; index += 1) statuses.push((await signIn(client, `sprayed-${index}@example.org`, 'Sprayed-Guess-1')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the session says which kind of account is signed in', () => {
  it('answers student and admin for the others', async () => {
    const { client: studentClient } = await signedInStudent(t);
    expect((await studentClient.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'student' });
    await createAdminUser(t.db, 'kinds');
    const admin = await browser();
    await signInAsAdmin(admin, 'kinds');
    expect((await admin.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'admin' });
    expect((await (await browser()).get('/api/session')).json().kind).toBeUndefined();
  });

  it('keeps a guardian out of staff and student calls', async () => {
    const guardian = await createGuardian(t.db, { password: GUARDIAN_PASSWORD });
    const client = await browser();
    expect((await signIn(client, guardian.email, GUARDIAN_PASSWORD)).statusCode).toBe(200);
    expect((await client.get('/api/messages')).statusCode).toBe(403);
    expect((await client.post('/api/guardian-invitations/class', { class_id: '1A' })).statusCode).toBe(403);
  });
});
