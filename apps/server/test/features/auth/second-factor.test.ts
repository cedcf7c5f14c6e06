import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '../../../src/features/auth/totp.ts';
import { ADMIN_PASSWORD, createAdminUser, createStaffUser, createStudent, signedInAdmin, signedInStaff } from '../../helpers/factories.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional' });
  await createStudent(t.db, { id: 'TOTP-1', class_id: '1A' });
});
afterAll(() => t.close());

/** The code the app shows now; `forget` lets the account accept this step again (a test signs in more often than every 30 seconds). */
async function codeNow(username: string, secret: string, { forget = true } = {}) {
  if (forget) await t.db.updateTable('admin_users').set({ totp_last_step: null }).where('username', '=', username).execute();
  return totpCode(secret, timeStep());
}

/** A signed-in staff member who has enrolled an authenticator app: her client, secret and recovery codes. */
async function enrolled(username: string) {
  const client = await signedInStaff(t.app, t.db, username, { role: 'office' });
  const started = await client.post('/api/account/totp');
  expect(started.statusCode).toBe(200);
  const { secret } = started.json();
  const confirmed = await client.post('/api/account/totp/confirm', { code: await codeNow(username, secret) });
  expect(confirmed.statusCode).toBe(200);
  return { client, secret: secret as string, recoveryCodes: confirmed.json().recovery_codes as string[] };
}

/** A new browser that has given the password of an enrolled account. */
async function passwordGiven(username: string) {
  const client = await new TestClient(t.app, '10.7.0.1').start();
  const response = await client.post('/api/admin-login', { name: username, password: ADMIN_PASSWORD });
  return { client, response };
}

describe('enrolling an authenticator app', () => {
  it('hands out a secret and its QR address, takes its first code, and answers ten recovery codes kept only as hashes', async () => {
    const client = await signedInStaff(t.app, t.db, 'enrol-1', { role: 'office' });
    const started = await client.post('/api/account/totp');
    const { secret, otpauth_url } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/St.%20Brigid's%20Girls'%20College%3Aenrol-1?secret=${secret}&issuer=St.%20Brigid's%20Girls'%20College&algorithm=SHA1&digits=6&period=30`,
    );

    const wrong = await client.post('/api/account/totp/confirm', { code: '000000' === totpCode(secret, timeStep()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [messages.wrongCode] });
    expect((await client.get('/api/account')).json().totp).toBe(false);

    const confirmed = await client.post('/api/account/totp/confirm', { code: await codeNow('enrol-1', secret) });
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db
      .selectFrom('staff_recovery_codes')
      .innerJoin('admin_users', 'admin_users.id', 'staff_recovery_codes.admin_id')
      .select('code_hash')
      .where('username', '=', 'enrol-1')
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    expect((await client.get('/api/account')).json()).toMatchObject({ totp: true, recovery_codes_left: 10 });
  });

  it('is for staff only', async () => {
    const student = await createStudent(t.db, { id: 'TOTP-S' }, { password: 'Hibiscus-Garden-42' });
    const client = await new TestClient(t.app, '10.7.0.9').start();
    await client.post('/api/login-student', { student_id: student.id, password: 'Hibiscus-Garden-42' });
    expect((await client.post('/api/account/totp')).statusCode).toBe(403);
  });
});

describe('signing in with a second factor', () => {
  it('answers second_factor required with a session that can do nothing but give the code', async () => {
    const { secret } = await enrolled('signin-1');
    const { client, response } = await passwordGiven('signin-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Admin', second_factor: 'required' });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false, admin: false });
    expect((await client.get('/api/students')).statusCode).toBe(401);
    expect((await client.get('/api/account')).statusCode).toBe(401);
    expect((await client.post('/api/admin/change-password', { current_password: ADMIN_PASSWORD, password: 'Another-Long-Pass-9' })).statusCode).toBe(401);

    const signedIn = await client.post('/api/admin-login/second-factor', { code: await codeNow('signin-1', secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ name: 'Admin', username: 'signin-1', must_change_password: false });
    expect((await client.get('/api/students')).statusCode).toBe(200);
    // The code given at sign-in counts for a bulk export.
    expect((await client.get('/api/parents-contact/all')).statusCode).toBe(200);
  });

  it('refuses a code used already, and a code with no sign-in waiting for it', async () => {
    const { secret } = await enrolled('signin-replay');
    const first = await passwordGiven('signin-replay');
    const code = await codeNow('signin-replay', secret);
    expect((await first.client.post('/api/admin-login/second-factor', { code })).statusCode).toBe(200);
    const second = await passwordGiven('signin-replay');
    const replayed = await second.client.post('/api/admin-login/second-factor', { code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ code: [messages.codeUsed] });

    const stranger = await new TestClient(t.app, '10.7.0.2').start();
    const nobody = await stranger.post('/api/admin-login/second-factor', { code: await codeNow('signin-replay', secret) });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(messages.signInAgain);
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes } = await enrolled('signin-recovery');
    const first = await passwordGiven('signin-recovery');
    expect((await first.client.post('/api/admin-login/second-factor', { code: recoveryCodes[0].toLowerCase() })).statusCode).toBe(200);
    const second = await passwordGiven('signin-recovery');
    const again = await second.client.post('/api/admin-login/second-factor', { code: recoveryCodes[0] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [messages.recoveryCodeUsed] });
    expect((await second.client.post('/api/admin-login/second-factor', { code: recoveryCodes[1] })).statusCode).toBe(200);
    expect((await second.client.get('/api/account')).json().recovery_codes_left).toBe(8);
  });

  it('checks one recovery code sent 20 times at once one try at a time: exactly one signs in, and the account is not locked', { timeout: 60_000 }, async () => {
    const { recoveryCodes } = await enrolled('signin-recovery-burst');
    const waiting = [];
    for (let index = 0; index < 20; index += 1) waiting.push(await passwordGiven('signin-recovery-burst'));
    const answers = await Promise.all(waiting.map(({ client }) => client.post('/api/admin-login/second-factor', { code: recoveryCodes[0] })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    for (const answer of answers.filter((answer) => answer.statusCode === 422)) expect(answer.json().errors).toEqual({ code: [messages.recoveryCodeUsed] });
    const account = await t.db
      .selectFrom('admin_users')
      .select(['factor_failures', 'factor_locked_until'])
      .where('username', '=', 'signin-recovery-burst')
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ factor_failures: 0, factor_locked_until: null });
    // Not locked: her next code signs her in at once.
    const next = await passwordGiven('signin-recovery-burst');
    expect((await next.client.post('/api/admin-login/second-factor', { code: recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('locks the codes for 15 minutes after 5 wrong ones, even against 50 given at once', async () => {
    const { secret } = await enrolled('signin-guess');
    const { client } = await passwordGiven('signin-guess');
    const right = await codeNow('signin-guess', secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/admin-login/second-factor', { code: wrong })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    const locked = await client.post('/api/admin-login/second-factor', { code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.codesLocked(15));

    // Once the 15 minutes have passed, the right code signs her in.
    await t.db
      .updateTable('admin_users')
      .set({ factor_locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', 'signin-guess')
      .execute();
    expect((await client.post('/api/admin-login/second-factor', { code: await codeNow('signin-guess', secret) })).statusCode).toBe(200);
  });
});

describe('stepping up for a bulk export', () => {
  it('asks for the code again after 15 minutes, and lets the export go ahead once given', async () => {
    const { client, secret } = await enrolled('stepup-1');
    await t.db
      .updateTable('sessions')
      .set({ second_factor_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('kind', '=', 'admin')
      .execute();
    expect((await client.get('/api/registration-report/all')).json()).toMatchObject({ code: 'step_up_required', enrolled: true });
    const wrong = await client.post('/api/account/step-up', { code: 'not-a-code' });
    expect(wrong.statusCode).toBe(422);
    expect((await client.post('/api/account/step-up', { code: await codeNow('stepup-1', secret) })).statusCode).toBe(200);
    expect((await client.get('/api/registration-report/all')).statusCode).toBe(200);
  });
});

describe('the account page', () => {
  it('lists her sessions, marks this one, and ends another at once', async () => {
    await createStaffUser(t.db, 'sessions-1', { role: 'teacher', classes: ['1A'] });
    const here = await new TestClient(t.app, '10.7.0.3').start();
    await here.post(
      '/api/admin-login',
      { name: 'sessions-1', password: ADMIN_PASSWORD },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    );
    const there = await new TestClient(t.app, '10.7.0.4').start();
    await there.post('/api/admin-login', { name: 'sessions-1', password: ADMIN_PASSWORD });
    const account = (await here.get('/api/account')).json();
    expect(account.sessions).toHaveLength(2);
    const current = account.sessions.find((session: { current: boolean }) => session.current);
    expect(current).toMatchObject({ ip: '10.7.0.3', device: 'Firefox on Linux' });
    const other = account.sessions.find((session: { current: boolean }) => !session.current);
    expect((await here.delete(`/api/account/sessions/${other.id}`)).statusCode).toBe(204);
    expect((await there.get('/api/account')).statusCode).toBe(401);
    expect((await here.get('/api/account')).statusCode).toBe(200);
    expect((await here.delete('/api/account/sessions/nosuchsession')).statusCode).toBe(404);
  });
});

describe("an admin's reset of a lost second factor", () => {
  it('removes her app, recovery codes and passkeys, ends her sessions, tells her by e-mail, and lets her sign in with her password alone', async () => {
    const { client: lost } = await enrolled('lost-phone');
    await t.db.updateTable('admin_users').set({ email: 'lost.phone@school.example' }).where('username', '=', 'lost-phone').execute();
    const { id } = await t.db.selectFrom('admin_users').select('id').where('username', '=', 'lost-phone').executeTakeFirstOrThrow();
    await t.db
      .insertInto('staff_passkeys')
      .values({
        admin_id: id,
        credential_id: 'lost-key',
        public_key: 'AAAA',
        counter: 0,
        transports: 'usb',
        name: 'Key ring',
        created_at: new Date().toISOString(),
      })
      .execute();
    await createAdminUser(t.db, 'head-admin');
    const admin = await signedInAdmin(t.app, 'head-admin');
    const listed = async () => (await admin.get('/api/staff')).json().find((member: { username: string }) => member.username === 'lost-phone');
    expect(await listed()).toMatchObject({ second_factor: true });

    const reset = await admin.patch('/api/staff/lost-phone', { reset_second_factor: true });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ username: 'lost-phone', second_factor: false });
    expect(reset.json()).not.toHaveProperty('one_time_password');
    expect(await listed()).toMatchObject({ second_factor: false });
    expect((await lost.get('/api/account')).statusCode).toBe(401);
    const factors = await t.db.selectFrom('admin_users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(factors).toEqual({ totp_secret: null, totp_pending_secret: null });
    expect(await t.db.selectFrom('staff_recovery_codes').select('code_hash').where('admin_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('staff_passkeys').select('id').where('admin_id', '=', id).execute()).toEqual([]);

    const { client, response } = await passwordGiven('lost-phone');
    expect(response.json()).not.toHaveProperty('second_factor');
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, admin: true });

    const notices = await t.db.selectFrom('outbox').select(['subject', 'text_body']).where('recipient', '=', 'lost.phone@school.example').execute();
    expect(notices.map((notice) => notice.subject)).toContainEqual(expect.stringContaining('the second factors of your staff account were removed'));
    expect(notices.at(-1)!.text_body).toContain('An admin removed every second factor of your staff account lost-phone');
    const audit = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'staff.changed').where('detail', 'like', 'lost-phone:%').execute();
    expect(audit.map((row) => row.detail)).toEqual(['lost-phone: reset_second_factor']);
  });

  it('is refused for her own account (422, nothing removed), and to anyone but an admin (403)', async () => {
    await createAdminUser(t.db, 'own-admin');
    const admin = await signedInAdmin(t.app, 'own-admin');
    const own = await admin.patch('/api/staff/own-admin', { reset_second_factor: true });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ reset_second_factor: ['Your own second factors are changed on your account page.'] });
    const office = await signedInStaff(t.app, t.db, 'office-asks', { role: 'office' });
    expect((await office.patch('/api/staff/own-admin', { reset_second_factor: true })).statusCode).toBe(403);
    expect((await admin.patch('/api/staff/own-admin', { reset_second_factor: false })).statusCode).toBe(422);
  });
});
