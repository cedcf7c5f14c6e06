import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '../../src/features/auth/totp.ts';
import { ADMIN_PASSWORD, createStaffUser, createStudent, signedInAdmin, signedInStaff } from '../helpers/factories.ts';
import { sentEnrolmentCode, verifiedForEnrolment } from '../helpers/enrolment.ts';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'Another-Long-Pass-9';
/** The calls that set up a second factor: the only ones, beside a visitor's, open to staff who must enrol one. */
const enrolmentCalls = [
  'POST /api/account/totp',
  'POST /api/account/totp/confirm',
  'POST /api/account/passkeys/options',
  'POST /api/account/passkeys',
  'POST /api/account/enrolment-code',
  'POST /api/account/enrolment-code/confirm',
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'required' });
  await createStudent(t.db, { id: 'ENROL-1', class_id: '1A' });
});
afterAll(() => t.close());

const apiRoutes = (app: TestApp['app']) =>
  app.routeTable.filter((route) => route.url.startsWith('/api') || route.url.startsWith('/sanctum') || route.url === '/logout');

/** Sets up an authenticator app through the two enrolment calls, as the enrolment screen does. */
async function enrol(client: TestClient) {
  const started = await client.post('/api/account/totp');
  expect(started.statusCode).toBe(200);
  const confirmed = await client.post('/api/account/totp/confirm', { code: totpCode(started.json().secret, timeStep()) });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().recovery_codes).toHaveLength(10);
}

/** Every call but a visitor's and the enrolment's that the client is not refused with `enrolment_required`. */
async function callsNotRefused(client: TestClient): Promise<string[]> {
  const passed: string[] = [];
  for (const route of apiRoutes(t.app)) {
    const key = `${route.method} ${route.url}`;
    // A guardian's own calls refuse every staff member alike, factor or none (the access table covers them).
    if (route.access === 'visitor' || route.access === 'guardian' || enrolmentCalls.includes(key)) continue;
    const response = await client.request(route.method as 'GET', route.url.replace(/:[a-zA-Z_]+/g, 'ENROL-1'), route.method === 'GET' ? undefined : {});
    if (response.statusCode !== 403 || response.json().code !== 'enrolment_required') passed.push(`${key} answered ${response.statusCode}`);
  }
  return passed;
}

describe('STAFF_MFA=required', () => {
  it('asks office staff to set up a factor right after the first password change, and lets her do nothing else until she has', async () => {
    await createStaffUser(t.db, 'enrol-office', { role: 'office', mustChange: true });
    const client = await new TestClient(t.app, '10.8.0.1').start();
    expect((await client.post('/api/admin-login', { name: 'enrol-office', password: ADMIN_PASSWORD })).statusCode).toBe(200);
    expect((await client.post('/api/admin/change-password', { current_password: ADMIN_PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(200);

    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, restricted: false, must_enrol_second_factor: true });
    const refusal = await client.get('/api/students');
    expect(refusal.statusCode).toBe(403);
    expect(refusal.json()).toEqual({ code: 'enrolment_required', message: messages.enrolSecondFactorNow });
    expect(await callsNotRefused(client)).toEqual([]);

    await enrol(client);
    // Her factor counts from the next call: no sign-in again.
    expect((await client.get('/api/session')).json().must_enrol_second_factor).toBe(false);
    expect((await client.get('/api/students')).statusCode).toBe(200);
  });

  it('asks an admin without a factor at every sign-in, and lets her sign out', async () => {
    await createStaffUser(t.db, 'enrol-admin', { role: 'admin' });
    for (const ip of ['10.8.0.2', '10.8.0.3']) {
      const client = await new TestClient(t.app, ip).start();
      expect((await client.post('/api/admin-login', { name: 'enrol-admin', password: ADMIN_PASSWORD })).json()).not.toHaveProperty('second_factor');
      expect((await client.get('/api/session')).json().must_enrol_second_factor).toBe(true);
      expect((await client.get('/api/staff')).json().code).toBe('enrolment_required');
      expect((await client.post('/logout')).statusCode).toBe(204);
      expect((await client.get('/api/session')).json().authenticated).toBe(false);
    }
  });

  it('refuses her from the next call if her account loses its factor, and lets her in again once she has set one up', async () => {
    const client = await signedInStaff(t.app, t.db, 'enrol-again', { role: 'office' });
    await verifiedForEnrolment(client, t.db, 'enrol-again');
    await enrol(client);
    expect((await client.get('/api/students')).statusCode).toBe(200);
    await t.db.updateTable('admin_users').set({ totp_secret: null }).where('username', '=', 'enrol-again').execute();
    expect((await client.get('/api/students')).json().code).toBe('enrolment_required');
    await verifiedForEnrolment(client, t.db, 'enrol-again');
    await enrol(client);
    expect((await client.get('/api/students')).statusCode).toBe(200);
  });

  it('does not ask a teacher, who reads only her classes', async () => {
    const teacher = await signedInStaff(t.app, t.db, 'enrol-teacher', { role: 'teacher', classes: ['1A'] });
    expect((await teacher.get('/api/session')).json().must_enrol_second_factor).toBe(false);
    expect((await teacher.get('/api/students')).statusCode).toBe(200);
  });
});

/** A new account's second sign-in (her first was elsewhere, and is over). */
async function signedInAgain(username: string, role: 'admin' | 'office') {
  await signedInStaff(t.app, t.db, username, { role });
  return signedInAdmin(t.app, username);
}

describe('STAFF_MFA=required: enrolling a first factor needs the session shown to be hers', () => {
  const verificationAsked = { code: 'enrolment_verification_required', message: messages.enrolmentVerificationRequired };

  it('lets the account’s very first sign-in enrol, with the password an admin or the operator handed her', async () => {
    const first = await signedInStaff(t.app, t.db, 'enrol-first', { role: 'office' });
    await enrol(first);
    expect((await first.get('/api/students')).statusCode).toBe(200);
  });

  it('refuses an app or a passkey enrolled with the password alone', async () => {
    // Her own first sign-in was long ago; this one is a thief's with her password.
    const client = await signedInAgain('enrol-thief', 'admin');
    for (const [url, body] of [
      ['/api/account/totp', {}],
      ['/api/account/totp/confirm', { code: '123456' }],
      ['/api/account/passkeys/options', {}],
    ] as const) {
      const refused = await client.post(url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(verificationAsked);
    }
    const account = await t.db
      .selectFrom('admin_users')
      .select(['totp_pending_secret', 'totp_secret'])
      .where('username', '=', 'enrol-thief')
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ totp_pending_secret: null, totp_secret: null });
  });

  it('sends a code to her notice address after her password again, and lets her enrol once she gives it', async () => {
    const client = await signedInAgain('enrol-code', 'office');
    // No address to send it to: she is told whom to ask.
    const noAddress = await client.post('/api/account/enrolment-code', { current_password: ADMIN_PASSWORD });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().message).toBe(messages.noNoticeAddress);
    await t.db.updateTable('admin_users').set({ email: 'code@school.test' }).where('username', '=', 'enrol-code').execute();
    const wrongPassword = await client.post('/api/account/enrolment-code', { current_password: 'not-her-password' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', 'code@school.test').execute()).toEqual([]);

    const asked = await client.post('/api/account/enrolment-code', { current_password: ADMIN_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(messages.enrolmentCodeSent);
    const code = await sentEnrolmentCode(t.db, 'code@school.test');
    const wrong = code === '000000' ? '000001' : '000000';
    const wrongAnswer = await client.post('/api/account/enrolment-code/confirm', { code: wrong });
    expect(wrongAnswer.statusCode).toBe(422);
    expect(wrongAnswer.json().message).toBe(messages.wrongEnrolmentCode);
    expect((await client.post('/api/account/totp')).json()).toEqual(verificationAsked);

    // Another session of hers (a thief's with her password) cannot use the code sent to this one.
    const other = await new TestClient(t.app, '10.8.0.9').start();
    expect((await other.post('/api/admin-login', { name: 'enrol-code', password: ADMIN_PASSWORD })).statusCode).toBe(200);
    expect((await other.post('/api/account/enrolment-code/confirm', { code })).statusCode).toBe(422);

    expect((await client.post('/api/account/enrolment-code/confirm', { code })).statusCode).toBe(200);
    await enrol(client);
    expect((await client.get('/api/students')).statusCode).toBe(200);
    // A code is good once.
    expect((await client.post('/api/account/enrolment-code/confirm', { code })).statusCode).toBe(422);
  });

  it('lets five wrong codes, at once or one after another, use up the code', async () => {
    const client = await signedInAgain('enrol-guess', 'office');
    await t.db.updateTable('admin_users').set({ email: 'guess@school.test' }).where('username', '=', 'enrol-guess').execute();
    expect((await client.post('/api/account/enrolment-code', { current_password: ADMIN_PASSWORD })).statusCode).toBe(200);
    const code = await sentEnrolmentCode(t.db, 'guess@school.test');
    const guesses = Array.from({ length: 20 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => client.post('/api/account/enrolment-code/confirm', { code: guess })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(guesses.map(() => 422));
    expect((await client.post('/api/account/enrolment-code/confirm', { code })).statusCode).toBe(422);
    const sessions = await t.db
      .selectFrom('sessions')
      .innerJoin('admin_users', 'admin_users.id', 'sessions.admin_id')
      .select('sessions.enrolment_code_tries')
      .where('admin_users.username', '=', 'enrol-guess')
      .where('sessions.enrolment_code_hash', 'is not', null)
      .execute();
    expect(sessions.map((session) => Number(session.enrolment_code_tries))).toEqual([5]);
  });
});

describe('STAFF_MFA=optional', () => {
  it('lets admin and office staff without a factor in, as before', async () => {
    const optional = await buildTestApp({ staffMfa: 'optional' });
    try {
      for (const role of ['admin', 'office'] as const) {
        const client = await signedInStaff(optional.app, optional.db, `optional-${role}`, { role });
        expect((await client.get('/api/session')).json().must_enrol_second_factor).toBe(false);
        expect((await client.get('/api/students')).statusCode).toBe(200);
      }
    } finally {
      await optional.close();
    }
  });
});
