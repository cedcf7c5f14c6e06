import { guardianMessages, messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '../../../src/features/auth/totp.ts';
import { ADMIN_PASSWORD, createAdminUser, signedInAdmin, signedInStaff, signedInStudent, signInAsAdmin } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, type TestGuardian } from '../../helpers/guardians.ts';
import { TestAuthenticator } from '../../helpers/passkey-authenticator.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

/**
 * A guardian's optional second factor (issue 50 point 1, decision 062): the staff's authenticator
 * app and passkeys on her account, under the same rules (decision 043). Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional' });
  await createAdminUser(t.db);
  admin = await signedInAdmin(t.app);
});
afterAll(() => t.close());

let block = 0;
const browser = async () => new TestClient(t.app, `10.96.${(block += 1) % 250}.${(block % 200) + 1}`).start();

/** A new browser that gave her address and password. */
async function passwordGiven(guardian: TestGuardian) {
  const client = await browser();
  const response = await client.post('/api/guardian-login', { email: guardian.email, password: guardian.password });
  return { client, response };
}

async function signedIn(guardian: TestGuardian): Promise<TestClient> {
  const { client, response } = await passwordGiven(guardian);
  expect(response.json()).toEqual({ name: guardian.name, kind: 'guardian' });
  return client;
}

/** The code her app shows now; `forget` lets her account take this time step again (a test signs in more often than every 30 seconds). */
async function codeNow(guardian: TestGuardian, secret: string, { forget = true } = {}) {
  if (forget) await t.db.updateTable('guardians').set({ totp_last_step: null }).where('id', '=', guardian.id).execute();
  return totpCode(secret, timeStep());
}

/** A guardian who has turned on an authenticator app: her signed-in client, its secret and her recovery codes. */
async function withApp(fields: Parameters<typeof createGuardian>[1] = {}) {
  const guardian = await createGuardian(t.db, fields);
  const client = await signedIn(guardian);
  const started = await client.post('/api/guardian/account/totp');
  expect(started.statusCode).toBe(200);
  const secret: string = started.json().secret;
  const confirmed = await client.post('/api/guardian/account/totp/confirm', { code: await codeNow(guardian, secret) });
  expect(confirmed.statusCode).toBe(200);
  return { guardian, client, secret, recoveryCodes: confirmed.json().recovery_codes as string[] };
}

/** Adds the authenticator's passkey to the signed-in guardian's account, as her browser would. */
async function addPasskey(client: TestClient, authenticator: TestAuthenticator, name = 'My phone') {
  const options = (await client.post('/api/guardian/account/passkeys/options')).json();
  return client.post('/api/guardian/account/passkeys', { name, response: authenticator.attest(options) });
}

/** Her passkey's answer to the challenge of her sign-in waiting for it. */
async function passkeySignIn(client: TestClient, authenticator: TestAuthenticator) {
  const options = await client.post('/api/guardian-login/passkey/options');
  expect(options.statusCode).toBe(200);
  return client.post('/api/guardian-login/passkey', { response: authenticator.assert(options.json()) });
}

const auditOf = async (guardian: TestGuardian) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action', 'detail'])
      .where('actor_id', '=', guardian.publicId)
      .where((eb) => eb.or([eb('action', 'like', 'second-factor.%'), eb('action', 'like', 'passkey.%')]))
      .orderBy('id')
      .execute()
  ).map((row) => `${row.actor_kind} ${row.action}${row.detail ? ` ${row.detail}` : ''}`);

const noticesTo = (guardian: TestGuardian) =>
  t.db
    .selectFrom('outbox')
    .select(['id', 'kind', 'event', 'subject', 'text_body', 'guardian_id'])
    .where('recipient', '=', guardian.email)
    .where('event', 'like', 'family-account.security:%')
    .orderBy('id')
    .execute();

describe('turning on an authenticator app', () => {
  it('hands out a secret named by her address, takes its first code, and answers ten recovery codes kept only as hashes', async () => {
    const guardian = await createGuardian(t.db);
    const client = await signedIn(guardian);
    expect((await client.get('/api/guardian/account/second-factor')).json()).toEqual({ totp: false, recovery_codes_left: 0, passkeys: [] });
    const started = await client.post('/api/guardian/account/totp');
    const { secret, otpauth_url } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const school = encodeURIComponent(t.config.schoolName);
    expect(otpauth_url).toBe(
      `otpauth://totp/${school}%3A${encodeURIComponent(guardian.email)}?secret=${secret}&issuer=${school}&algorithm=SHA1&digits=6&period=30`,
    );

    const wrong = await client.post('/api/guardian/account/totp/confirm', { code: totpCode(secret, timeStep() + 10) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [messages.wrongCode] });
    expect((await client.get('/api/guardian/account/second-factor')).json().totp).toBe(false);

    const confirmed = await client.post('/api/guardian/account/totp/confirm', { code: await codeNow(guardian, secret) });
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.selectFrom('guardian_recovery_codes').select('code_hash').where('guardian_id', '=', guardian.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    expect((await client.get('/api/guardian/account/second-factor')).json()).toEqual({ totp: true, recovery_codes_left: 10, passkeys: [] });
    // No staff account holds it.
    expect(
      await t.db
        .selectFrom('staff_recovery_codes')
        .select('code_hash')
        .where(
          'code_hash',
          'in',
          stored.map((row) => row.code_hash),
        )
        .execute(),
    ).toEqual([]);
    expect(await auditOf(guardian)).toEqual(['guardian second-factor.enrolment-started', 'guardian second-factor.enrolled authenticator app']);
  });

  it('tells her address, in a notice the office may read on Messages, since it holds no link', async () => {
    const { guardian } = await withApp();
    const [notice] = await noticesTo(guardian);
    expect(notice).toMatchObject({ kind: 'family_account', guardian_id: guardian.id });
    expect(notice.subject).toBe(`${t.config.schoolName}: an authenticator app was added to your account`);
    expect(notice.text_body).toContain("An authenticator app was added to your parents' portal account as a second step of sign-in on ");
    expect(notice.text_body).toContain('/parents\n');
    expect((await admin.get(`/api/messages/${notice.id}`)).statusCode).toBe(200);
  });
});

describe('signing in with her second factor', () => {
  it('answers second_factor required after her password, with a session that can do nothing but give it', async () => {
    const { guardian, secret } = await withApp({ name: 'Anya Ramdial' });
    const { client, response } = await passwordGiven(guardian);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Anya Ramdial', kind: 'guardian', second_factor: 'required', second_factors: ['app'] });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false });
    for (const url of ['/api/guardian/account', '/api/guardian/children', '/api/guardian/account/second-factor'])
      expect((await client.get(url)).statusCode, url).toBe(401);

    const signedInNow = await client.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) });
    expect(signedInNow.statusCode).toBe(200);
    expect(signedInNow.json()).toEqual({ name: 'Anya Ramdial', kind: 'guardian' });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'guardian', userID: guardian.publicId });
    expect((await client.get('/api/guardian/children')).statusCode).toBe(200);
    const signIns = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('actor_id', '=', guardian.publicId)
      .where('action', 'like', 'guardian.%')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(signIns).toEqual([
      { action: 'guardian.sign-in', detail: 'with a second factor' },
      { action: 'guardian.password-accepted', detail: 'waiting for the second factor' },
    ]);
  });

  it('refuses a code used already, a code with no sign-in waiting for it, and a sign-in that waited more than 5 minutes', async () => {
    const { guardian, secret } = await withApp();
    const first = await passwordGiven(guardian);
    const code = await codeNow(guardian, secret);
    expect((await first.client.post('/api/guardian-login/second-factor', { code })).statusCode).toBe(200);
    const second = await passwordGiven(guardian);
    const replayed = await second.client.post('/api/guardian-login/second-factor', { code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ code: [messages.codeUsed] });

    const stranger = await browser();
    const nobody = await stranger.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(guardianMessages.signInAgain);

    const late = await passwordGiven(guardian);
    await t.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where('guardian_id', '=', guardian.id)
      .where('kind', '=', 'guest')
      .execute();
    expect((await late.client.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) })).statusCode).toBe(401);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { guardian, recoveryCodes } = await withApp();
    const first = await passwordGiven(guardian);
    expect((await first.client.post('/api/guardian-login/second-factor', { code: recoveryCodes[0].toLowerCase() })).statusCode).toBe(200);
    const second = await passwordGiven(guardian);
    const again = await second.client.post('/api/guardian-login/second-factor', { code: recoveryCodes[0] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [messages.recoveryCodeUsed] });
    expect((await second.client.post('/api/guardian-login/second-factor', { code: recoveryCodes[1].replace('-', ' ') })).statusCode).toBe(200);
    expect((await second.client.get('/api/guardian/account/second-factor')).json().recovery_codes_left).toBe(8);
  });

  it('locks her codes for 15 minutes after 5 wrong ones in a row, with the wait', async () => {
    const { guardian, secret } = await withApp();
    const { client } = await passwordGiven(guardian);
    const right = await codeNow(guardian, secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let index = 0; index < 5; index += 1) expect((await client.post('/api/guardian-login/second-factor', { code: wrong })).statusCode).toBe(422);
    const locked = await client.post('/api/guardian-login/second-factor', { code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.codesLocked(15));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // A staff account's codes are not hers: its lock is its own.
    expect(await t.db.selectFrom('admin_users').select('id').where('factor_failures', '>', 0).execute()).toEqual([]);

    await t.db
      .updateTable('guardians')
      .set({ factor_locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', guardian.id)
      .execute();
    expect((await client.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) })).statusCode).toBe(200);
  });

  it('checks 50 wrong codes sent at once one at a time: 5 are counted, then the rest are refused with the lock', async () => {
    const { guardian, secret } = await withApp();
    const { client } = await passwordGiven(guardian);
    const right = await codeNow(guardian, secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/guardian-login/second-factor', { code: wrong })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    const account = await t.db
      .selectFrom('guardians')
      .select(['factor_failures', 'factor_locked_until'])
      .where('id', '=', guardian.id)
      .executeTakeFirstOrThrow();
    expect(account.factor_failures).toBe(5);
    expect(Date.parse(account.factor_locked_until!)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await client.post('/api/guardian-login/second-factor', { code: right })).statusCode).toBe(429);
  });

  it('keeps her factor after a password reset by the mailed link: the new password opens only a sign-in waiting for it', async () => {
    const { guardian, secret } = await withApp();
    expect((await (await browser()).post('/api/guardian-password/forgot', { email: guardian.email })).statusCode).toBe(200);
    const mail = await t.db
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', guardian.email)
      .where('event', 'like', 'family-account-link.password-reset:%')
      .executeTakeFirstOrThrow();
    const token = /\/parents\/reset\?token=([\w-]+)/.exec(mail.text_body)![1];
    const client = await browser();
    const reset = await client.post('/api/guardian-password/reset', { token, password: 'Cocoa-Valley-Morning-31' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ name: guardian.name, kind: 'guardian', second_factor: 'required', second_factors: ['app'] });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false });
    expect((await client.get('/api/guardian/account')).statusCode).toBe(401);
    expect((await client.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) })).statusCode).toBe(200);
    expect((await client.get('/api/guardian/account/second-factor')).json()).toMatchObject({ totp: true, recovery_codes_left: 10 });
    // Her next sign-in, with the new password, still asks for it.
    const next = await passwordGiven({ ...guardian, password: 'Cocoa-Valley-Morning-31' });
    expect(next.response.json().second_factor).toBe('required');
  });

  it('refuses a disabled account at the second step', async () => {
    const { guardian, secret } = await withApp();
    const { client } = await passwordGiven(guardian);
    await t.db.updateTable('guardians').set({ disabled: 1 }).where('id', '=', guardian.id).execute();
    const refused = await client.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(guardianMessages.signInAgain);
  });
});

describe('passkeys', () => {
  it('adds a passkey named by her, known to it as a guardian (not a staff account of the same number), and lists it', async () => {
    const guardian = await createGuardian(t.db);
    const client = await signedIn(guardian);
    const options = (await client.post('/api/guardian/account/passkeys/options')).json();
    expect(options).toMatchObject({ rp: { id: 'localhost', name: t.config.schoolName }, user: { name: guardian.email }, attestation: 'none' });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(`guardian-${guardian.id}`);
    const staff = await signedInStaff(t.app, t.db, 'pk-handle', { role: 'office' });
    const staffId = (await t.db.selectFrom('admin_users').select('id').where('username', '=', 'pk-handle').executeTakeFirstOrThrow()).id;
    const staffOptions = (await staff.post('/api/account/passkeys/options')).json();
    expect(Buffer.from(staffOptions.user.id, 'base64url').toString()).toBe(`staff-${staffId}`);

    const authenticator = new TestAuthenticator();
    const added = await client.post('/api/guardian/account/passkeys', { name: '  My phone ', response: authenticator.attest(options) });
    expect(added.statusCode).toBe(200);
    expect(added.json().passkeys).toEqual([{ id: expect.any(Number), name: 'My phone', created_at: expect.any(String), last_used_at: null }]);
    expect((await client.get('/api/guardian/account/passkeys')).json()).toEqual(added.json());
    expect((await client.get('/api/guardian/account/second-factor')).json()).toEqual({ totp: false, recovery_codes_left: 0, passkeys: added.json().passkeys });
    expect(await t.db.selectFrom('guardian_passkeys').select('guardian_id').where('credential_id', '=', authenticator.credentialId).execute()).toEqual([
      { guardian_id: guardian.id },
    ]);
    expect(await t.db.selectFrom('staff_passkeys').select('id').where('credential_id', '=', authenticator.credentialId).execute()).toEqual([]);
    expect(await auditOf(guardian)).toEqual(['guardian passkey.added My phone']);
    expect((await noticesTo(guardian)).map((notice) => notice.subject)).toEqual([`${t.config.schoolName}: a passkey was added to your account`]);
  });

  it('signs her in with her passkey in place of a code, once per answer', async () => {
    const guardian = await createGuardian(t.db);
    const authenticator = new TestAuthenticator();
    expect((await addPasskey(await signedIn(guardian), authenticator)).statusCode).toBe(200);
    const { client, response } = await passwordGiven(guardian);
    expect(response.json()).toEqual({ name: guardian.name, kind: 'guardian', second_factor: 'required', second_factors: ['passkey'] });
    const options = (await client.post('/api/guardian-login/passkey/options')).json();
    const answer = authenticator.assert(options);
    const signedInNow = await client.post('/api/guardian-login/passkey', { response: answer });
    expect(signedInNow.statusCode).toBe(200);
    expect(signedInNow.json()).toEqual({ name: guardian.name, kind: 'guardian' });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'guardian' });
    const [passkey] = (await client.get('/api/guardian/account/passkeys')).json().passkeys;
    expect(passkey.last_used_at).not.toBeNull();

    // The same answer again, from another waiting sign-in, is refused.
    const again = await passwordGiven(guardian);
    await again.client.post('/api/guardian-login/passkey/options');
    const replayed = await again.client.post('/api/guardian-login/passkey', { response: answer });
    expect(replayed.statusCode).toBe(422);
    expect((await passkeySignIn(again.client, authenticator)).statusCode).toBe(200);
  });

  it("refuses another account's passkey, a staff member's among them", async () => {
    const guardian = await createGuardian(t.db);
    expect((await addPasskey(await signedIn(guardian), new TestAuthenticator())).statusCode).toBe(200);
    const stranger = await createGuardian(t.db);
    const strangers = new TestAuthenticator();
    expect((await addPasskey(await signedIn(stranger), strangers)).statusCode).toBe(200);
    const staff = await signedInStaff(t.app, t.db, 'pk-foreign', { role: 'office' });
    const staffs = new TestAuthenticator();
    const staffOptions = (await staff.post('/api/account/passkeys/options')).json();
    expect((await staff.post('/api/account/passkeys', { name: 'Laptop', response: staffs.attest(staffOptions) })).statusCode).toBe(200);

    const { client } = await passwordGiven(guardian);
    for (const foreign of [strangers, staffs]) {
      const refused = await passkeySignIn(client, foreign);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ response: [messages.passkeyNotAccepted] });
    }
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: false });
  });

  it('keeps her only passkey while she has no app: it goes with two-step sign-in turned off; beside an app it goes at once', async () => {
    const guardian = await createGuardian(t.db);
    const client = await signedIn(guardian);
    expect((await addPasskey(client, new TestAuthenticator())).statusCode).toBe(200);
    const [only] = (await client.get('/api/guardian/account/passkeys')).json().passkeys;
    const kept = await client.delete(`/api/guardian/account/passkeys/${only.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(guardianMessages.lastPasskeyKept);

    expect((await addPasskey(client, new TestAuthenticator(), 'Tablet')).statusCode).toBe(200);
    expect((await client.delete(`/api/guardian/account/passkeys/${only.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/guardian/account/passkeys')).json().passkeys.map((passkey: { name: string }) => passkey.name)).toEqual(['Tablet']);
    expect((await client.delete(`/api/guardian/account/passkeys/${only.id}`)).statusCode).toBe(404);
    expect((await noticesTo(guardian)).map((notice) => notice.subject).at(-1)).toBe(`${t.config.schoolName}: a passkey was removed from your account`);
  });

  it("cannot remove another guardian's passkey", async () => {
    const owner = await createGuardian(t.db);
    const ownerClient = await signedIn(owner);
    expect((await addPasskey(ownerClient, new TestAuthenticator())).statusCode).toBe(200);
    expect((await addPasskey(ownerClient, new TestAuthenticator(), 'Tablet')).statusCode).toBe(200);
    const [theirs] = (await ownerClient.get('/api/guardian/account/passkeys')).json().passkeys;
    const other = await signedIn(await createGuardian(t.db));
    expect((await other.delete(`/api/guardian/account/passkeys/${theirs.id}`)).statusCode).toBe(404);
    expect((await ownerClient.get('/api/guardian/account/passkeys')).json().passkeys).toHaveLength(2);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs her current password, then removes her app, recovery codes and passkeys, audited and told to her', async () => {
    const { guardian, client } = await withApp();
    expect((await addPasskey(client, new TestAuthenticator())).statusCode).toBe(200);
    const wrong = await client.request('DELETE', '/api/guardian/account/second-factor', { current_password: 'Not-Her-Password-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([messages.currentPasswordWrong]);
    expect((await client.request('DELETE', '/api/guardian/account/second-factor', {})).statusCode).toBe(422);
    expect((await client.get('/api/guardian/account/second-factor')).json()).toMatchObject({ totp: true, recovery_codes_left: 10 });

    const off = await client.request('DELETE', '/api/guardian/account/second-factor', { current_password: guardian.password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ totp: false, recovery_codes_left: 0, passkeys: [] });
    expect(await t.db.selectFrom('guardian_recovery_codes').select('code_hash').where('guardian_id', '=', guardian.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('guardian_passkeys').select('id').where('guardian_id', '=', guardian.id).execute()).toEqual([]);
    expect((await auditOf(guardian)).at(-1)).toBe('guardian second-factor.turned-off');
    const notice = (await noticesTo(guardian)).at(-1)!;
    expect(notice.subject).toBe(`${t.config.schoolName}: two-step sign-in was turned off on your account`);
    // Her password alone signs her in again.
    await signedIn(guardian);
  });
});

describe('an admin removes a lost factor', () => {
  /** The Guardians screen's row of the guardian's link: whether it says she has a second factor. */
  const listedFactor = async (guardian: TestGuardian) => {
    const listed = await admin.get(`/api/guardians?q=${encodeURIComponent(guardian.email)}`);
    return (listed.json().links as Array<{ guardian_id: string; second_factor: boolean }>).find((row) => row.guardian_id === guardian.publicId)?.second_factor;
  };

  it('removes her app, codes and passkeys and ends her sessions, once however many admins ask at once: one audit row, one notice', async () => {
    const { guardian, client } = await withApp();
    expect((await addPasskey(client, new TestAuthenticator())).statusCode).toBe(200);
    const { student } = await signedInStudent(t);
    await linkGuardian(t.db, guardian, student.id);
    expect(await listedFactor(guardian)).toBe(true);

    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.delete(`/api/guardians/${guardian.publicId}/second-factor`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toEqual({ message: guardianMessages.secondFactorReset(guardian.name) });
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(guardianMessages.noSecondFactorToReset);

    expect(await listedFactor(guardian)).toBe(false);
    expect(await t.db.selectFrom('guardian_recovery_codes').select('code_hash').where('guardian_id', '=', guardian.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('guardian_passkeys').select('id').where('guardian_id', '=', guardian.id).execute()).toEqual([]);
    // Signed out everywhere; her password alone signs her in again.
    expect((await client.get('/api/guardian/account')).statusCode).toBe(401);
    await signedIn(guardian);
    const audit = await t.db.selectFrom('audit_log').select(['actor_kind', 'detail']).where('action', '=', 'guardian.second-factor-reset').execute();
    expect(audit.filter((row) => row.detail === `guardian ${guardian.publicId}`)).toEqual([{ actor_kind: 'admin', detail: `guardian ${guardian.publicId}` }]);
    const notices = (await noticesTo(guardian)).filter((notice) => notice.subject.includes('the school removed'));
    expect(notices.map((notice) => notice.subject)).toEqual([`${t.config.schoolName}: the school removed two-step sign-in from your account`]);
  });

  it('is an admin’s alone, after a second factor of her own given in the last 15 minutes; an unknown guardian is 404', async () => {
    const { guardian } = await withApp();
    await linkGuardian(t.db, guardian, (await signedInStudent(t)).student.id);
    const office = await signedInStaff(t.app, t.db, 'office-resetter', { role: 'office' });
    expect((await office.delete(`/api/guardians/${guardian.publicId}/second-factor`)).statusCode).toBe(403);
    expect((await (await signedIn(await createGuardian(t.db))).delete(`/api/guardians/${guardian.publicId}/second-factor`)).statusCode).toBe(403);
    expect((await admin.delete('/api/guardians/g-no-such-one/second-factor')).json()).toEqual({ message: guardianMessages.guardianNotFound });

    // An admin with a factor of her own, who has not given it in this session, is asked for it first.
    await createAdminUser(t.db, 'stepper');
    const stepper = new TestClient(t.app, '10.97.0.1');
    await signInAsAdmin(stepper, 'stepper');
    await t.db.updateTable('admin_users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('username', '=', 'stepper').execute();
    const refused = await stepper.delete(`/api/guardians/${guardian.publicId}/second-factor`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required', enrolled: true });
    expect(await listedFactor(guardian)).toBe(true);
  });
});

describe('whose calls these are', () => {
  it('refuses staff, students and visitors the guardian’s factor calls', async () => {
    const staff = await signedInStaff(t.app, t.db, 'cross-staff', { role: 'admin' });
    const { client: student } = await signedInStudent(t);
    const visitor = await browser();
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/guardian/account/second-factor'],
      ['DELETE', '/api/guardian/account/second-factor', { current_password: ADMIN_PASSWORD }],
      ['POST', '/api/guardian/account/totp', {}],
      ['POST', '/api/guardian/account/totp/confirm', { code: '123456' }],
      ['GET', '/api/guardian/account/passkeys'],
      ['POST', '/api/guardian/account/passkeys/options', {}],
      ['DELETE', '/api/guardian/account/passkeys/1'],
    ];
    for (const [method, url, body] of calls) {
      expect((await staff.request(method, url, body)).statusCode, `staff ${method} ${url}`).toBe(403);
      expect((await student.request(method, url, body)).statusCode, `student ${method} ${url}`).toBe(403);
      expect((await visitor.request(method, url, body)).statusCode, `visitor ${method} ${url}`).toBe(401);
    }
  });

  it("refuses a guardian the staff's factor calls", async () => {
    const guardian = await signedIn(await createGuardian(t.db));
    for (const [method, url] of [
      ['POST', '/api/account/totp'],
      ['POST', '/api/account/totp/confirm'],
      ['GET', '/api/account'],
      ['GET', '/api/account/passkeys'],
      ['POST', '/api/account/passkeys/options'],
      ['POST', '/api/account/step-up'],
    ] as const) {
      const status = (await guardian.request(method, url, method === 'GET' ? undefined : { code: '123456' })).statusCode;
      expect([401, 403], `${method} ${url} answered ${status}`).toContain(status);
    }
  });

  it("keeps a staff sign-in waiting for its factor from a guardian's second step, and the other way round", async () => {
    const { guardian, secret } = await withApp();
    const staff = await signedInStaff(t.app, t.db, 'cross-pending', { role: 'office' });
    const staffSecret = (await staff.post('/api/account/totp')).json().secret;
    await t.db.updateTable('admin_users').set({ totp_last_step: null }).where('username', '=', 'cross-pending').execute();
    expect((await staff.post('/api/account/totp/confirm', { code: totpCode(staffSecret, timeStep()) })).statusCode).toBe(200);

    const staffWaiting = await browser();
    expect((await staffWaiting.post('/api/admin-login', { name: 'cross-pending', password: ADMIN_PASSWORD })).json().second_factor).toBe('required');
    const asGuardian = await staffWaiting.post('/api/guardian-login/second-factor', { code: await codeNow(guardian, secret) });
    expect(asGuardian.statusCode).toBe(401);
    expect((await staffWaiting.post('/api/guardian-login/passkey/options')).statusCode).toBe(401);

    const { client: guardianWaiting } = await passwordGiven(guardian);
    await t.db.updateTable('admin_users').set({ totp_last_step: null }).where('username', '=', 'cross-pending').execute();
    const asStaff = await guardianWaiting.post('/api/admin-login/second-factor', { code: totpCode(staffSecret, timeStep()) });
    expect(asStaff.statusCode).toBe(401);
    expect(asStaff.json().message).toBe(messages.signInAgain);
    expect((await guardianWaiting.post('/api/admin-login/passkey/options')).statusCode).toBe(401);
    expect((await guardianWaiting.get('/api/session')).json()).toMatchObject({ authenticated: false });
  });
});
