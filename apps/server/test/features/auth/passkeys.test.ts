import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createStudent, signedInStaff } from '../../helpers/factories.ts';
import { TestAuthenticator } from '../../helpers/passkey-authenticator.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { verifiedForEnrolment } from '../../helpers/enrolment.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional' });
});
afterAll(() => t.close());

/** Adds the authenticator's passkey to the signed-in staff member's account, as her browser would. */
async function addPasskey(client: TestClient, authenticator: TestAuthenticator, name = 'Office laptop') {
  const options = (await client.post('/api/account/passkeys/options')).json();
  return client.post('/api/account/passkeys', { name, response: authenticator.attest(options) });
}

/** A signed-in staff member with one passkey: her client and her authenticator. */
async function withPasskey(username: string, app = t) {
  const client = await signedInStaff(app.app, app.db, username, { role: 'office' });
  // Where the school requires a factor, the first one needs the session shown to be hers (decision 057).
  if (app.config.staffMfa === 'required') await verifiedForEnrolment(client, app.db, username);
  const authenticator = new TestAuthenticator();
  expect((await addPasskey(client, authenticator)).statusCode).toBe(200);
  return { client, authenticator };
}

/** A new browser that has given the account's password: it waits for the second factor. */
async function passwordGiven(username: string) {
  const client = await new TestClient(t.app, '10.8.0.1').start();
  const response = await client.post('/api/admin-login', { name: username, password: ADMIN_PASSWORD });
  return { client, response };
}

const auditActions = async (username: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('actor_id', '=', username)
      .where('action', 'like', 'passkey.%')
      .orderBy('id')
      .execute()
  ).map((row) => `${row.action} ${row.detail}`);

describe('the portal’s own address, for a page opened elsewhere', () => {
  it('is named in the options when PORTAL_URL gives it, and is null when the portal only assumes localhost', async () => {
    const assumed = await signedInStaff(t.app, t.db, 'pk-address', { role: 'office' });
    expect((await assumed.post('/api/account/passkeys/options')).json()).toMatchObject({ rp: { id: 'localhost' }, portal_url: null });
    const given = await buildTestApp({ staffMfa: 'optional', portalUrl: 'https://portal.example.org', portalUrlSet: true });
    try {
      const client = await signedInStaff(given.app, given.db, 'pk-address', { role: 'office' });
      expect((await client.post('/api/account/passkeys/options')).json()).toMatchObject({
        rp: { id: 'portal.example.org' },
        portal_url: 'https://portal.example.org',
      });
    } finally {
      await given.close();
    }
  });
});

describe('adding a passkey', () => {
  it('hands out creation options for this portal, stores the passkey she made with its name, and lists it', async () => {
    const client = await signedInStaff(t.app, t.db, 'pk-add', { role: 'office' });
    const options = (await client.post('/api/account/passkeys/options')).json();
    expect(options).toMatchObject({ rp: { id: 'localhost', name: t.config.schoolName }, user: { name: 'pk-add' }, attestation: 'none' });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const authenticator = new TestAuthenticator();
    const added = await client.post('/api/account/passkeys', { name: '  Office laptop ', response: authenticator.attest(options) });
    expect(added.statusCode).toBe(200);
    expect(added.json().passkeys).toEqual([{ id: expect.any(Number), name: 'Office laptop', created_at: expect.any(String), last_used_at: null }]);
    expect((await client.get('/api/account/passkeys')).json()).toEqual(added.json());
    const stored = await t.db
      .selectFrom('staff_passkeys')
      .select(['credential_id', 'counter', 'transports'])
      .where('credential_id', '=', authenticator.credentialId)
      .execute();
    expect(stored).toEqual([{ credential_id: authenticator.credentialId, counter: expect.anything(), transports: 'internal' }]);
    expect(await auditActions('pk-add')).toEqual(['passkey.added Office laptop']);

    // The next options name it, so the same authenticator is not added twice.
    const again = (await client.post('/api/account/passkeys/options')).json();
    expect(again.excludeCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('sends her a notice when a passkey is added to or removed from her account', async () => {
    const client = await signedInStaff(t.app, t.db, 'pk-notice', { role: 'office' });
    expect((await client.request('PUT', '/api/account/email', { email: 'pk-notice@example.org', current_password: ADMIN_PASSWORD })).statusCode).toBe(200);
    expect((await addPasskey(client, new TestAuthenticator())).statusCode).toBe(200);
    const [passkey] = (await client.get('/api/account/passkeys')).json().passkeys;
    expect((await client.delete(`/api/account/passkeys/${passkey.id}`)).statusCode).toBe(204);
    const notices = await t.db
      .selectFrom('outbox')
      .select(['event', 'recipient', 'text_body'])
      .where('recipient', '=', 'pk-notice@example.org')
      .orderBy('id')
      .execute();
    expect(notices.map((notice) => notice.event)).toEqual(['staff-security.factor-added:pk-notice', 'staff-security.factor-removed:pk-notice']);
    expect(notices[0]!.text_body).toContain('A passkey was added to your staff account pk-notice');
  });

  it('refuses an attestation from another origin or host, a broken one, a nameless one, and one whose challenge was used already', async () => {
    const client = await signedInStaff(t.app, t.db, 'pk-bad', { role: 'office' });
    const authenticator = new TestAuthenticator();
    const refusedWith = async (response: unknown, name = 'Phone') => {
      const answer = await client.post('/api/account/passkeys', { name, response });
      return { status: answer.statusCode, errors: answer.json().errors };
    };
    let options = (await client.post('/api/account/passkeys/options')).json();
    expect(await refusedWith(authenticator.attest(options, { origin: 'https://evil.example' }))).toEqual({
      status: 422,
      errors: { response: [messages.passkeyNotAdded] },
    });
    options = (await client.post('/api/account/passkeys/options')).json();
    expect(await refusedWith(authenticator.attest(options, { rpId: 'evil.example' }))).toEqual({
      status: 422,
      errors: { response: [messages.passkeyNotAdded] },
    });
    options = (await client.post('/api/account/passkeys/options')).json();
    const broken = authenticator.attest(options);
    broken.response.attestationObject = 'bm90IGNib3I';
    expect(await refusedWith(broken)).toEqual({ status: 422, errors: { response: [messages.passkeyNotAdded] } });
    expect(await refusedWith({ ...broken, response: { ...broken.response, attestationObject: 'not base64url!' } })).toMatchObject({ status: 422 });
    expect(await refusedWith('nothing')).toMatchObject({ status: 422 });

    options = (await client.post('/api/account/passkeys/options')).json();
    expect(await refusedWith(authenticator.attest(options), ' ')).toEqual({ status: 422, errors: { name: [messages.passkeyNameEmpty] } });
    const good = authenticator.attest(options);
    expect((await client.post('/api/account/passkeys', { name: 'Phone', response: good })).statusCode).toBe(200);
    // The challenge was taken by the first answer: the same answer again is refused.
    expect(await refusedWith(good)).toEqual({ status: 422, errors: { response: [messages.passkeyTryAgain] } });
    expect((await client.get('/api/account/passkeys')).json().passkeys).toHaveLength(1);
  });

  it('refuses an answer to a challenge that has expired', async () => {
    const client = await signedInStaff(t.app, t.db, 'pk-late', { role: 'office' });
    const options = (await client.post('/api/account/passkeys/options')).json();
    await t.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('challenge', '=', options.challenge)
      .execute();
    const late = await client.post('/api/account/passkeys', { name: 'Phone', response: new TestAuthenticator().attest(options) });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ response: [messages.passkeyTryAgain] });
  });

  it('is for staff only', async () => {
    const student = await createStudent(t.db, { id: 'PK-S' }, { password: 'Hibiscus-Garden-42' });
    const client = await new TestClient(t.app, '10.8.0.9').start();
    await client.post('/api/login-student', { student_id: student.id, password: 'Hibiscus-Garden-42' });
    expect((await client.post('/api/account/passkeys/options')).statusCode).toBe(403);
    expect((await client.get('/api/account/passkeys')).statusCode).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('asks for the second factor after the password, and takes her passkey in place of a code', async () => {
    const { authenticator } = await withPasskey('pk-signin');
    const { client, response } = await passwordGiven('pk-signin');
    expect(response.json()).toMatchObject({ name: 'Admin', second_factor: 'required', second_factors: ['passkey'] });
    expect((await client.get('/api/students')).statusCode).toBe(401);

    const options = (await client.post('/api/admin-login/passkey/options')).json();
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: authenticator.credentialId, type: 'public-key' }], portal_url: null });
    const signedIn = await client.post('/api/admin-login/passkey', { response: authenticator.assert(options) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ name: 'Admin', username: 'pk-signin', must_change_password: false });
    expect((await client.get('/api/students')).statusCode).toBe(200);
    // The passkey given at sign-in counts for a bulk export.
    expect((await client.get('/api/parents-contact/all')).statusCode).toBe(200);
    const used = await t.db
      .selectFrom('staff_passkeys')
      .select(['counter', 'last_used_at'])
      .where('credential_id', '=', authenticator.credentialId)
      .executeTakeFirstOrThrow();
    expect(Number(used.counter)).toBe(1);
    expect(used.last_used_at).not.toBeNull();
  });

  it('is only for a sign-in whose password was right', async () => {
    const { authenticator } = await withPasskey('pk-nopassword');
    const stranger = await new TestClient(t.app, '10.8.0.2').start();
    const options = await stranger.post('/api/admin-login/passkey/options');
    expect(options.statusCode).toBe(401);
    expect(options.json().message).toBe(messages.signInAgain);
    const answer = await stranger.post('/api/admin-login/passkey', { response: authenticator.assert({ challenge: 'made-up' }) });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a replayed answer, a copied key whose counter went back, and another account’s passkey', async () => {
    const { authenticator } = await withPasskey('pk-replay');
    const first = await passwordGiven('pk-replay');
    const options = (await first.client.post('/api/admin-login/passkey/options')).json();
    const answer = authenticator.assert(options);
    expect((await first.client.post('/api/admin-login/passkey', { response: answer })).statusCode).toBe(200);

    // The same answer again: its challenge was taken.
    const second = await passwordGiven('pk-replay');
    await second.client.post('/api/admin-login/passkey/options');
    const replayed = await second.client.post('/api/admin-login/passkey', { response: answer });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ response: [messages.passkeyNotAccepted] });
    const reused = await second.client.post('/api/admin-login/passkey', { response: answer });
    expect(reused.json().errors).toEqual({ response: [messages.passkeyTryAgain] });

    // A copy of the key signs with a counter the portal has seen already.
    const copied = (await second.client.post('/api/admin-login/passkey/options')).json();
    const stale = await second.client.post('/api/admin-login/passkey', { response: authenticator.assert(copied, { counter: 1 }) });
    expect(stale.statusCode).toBe(422);

    // Another staff member's passkey does not sign this account in.
    const other = await withPasskey('pk-other');
    const third = (await second.client.post('/api/admin-login/passkey/options')).json();
    const foreign = await second.client.post('/api/admin-login/passkey', { response: other.authenticator.assert(third) });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ response: [messages.passkeyNotAccepted] });
    expect((await second.client.get('/api/students')).statusCode).toBe(401);
  });

  it('signs in once when the same answer is sent 50 times at once', async () => {
    const { authenticator } = await withPasskey('pk-race');
    const { client } = await passwordGiven('pk-race');
    const answer = authenticator.assert((await client.post('/api/admin-login/passkey/options')).json());
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/admin-login/passkey', { response: answer })));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422 || status === 401)).toBe(true);
  });

  it('locks the account’s factors for 15 minutes after 5 wrong answers', async () => {
    const { authenticator } = await withPasskey('pk-guess');
    const { client } = await passwordGiven('pk-guess');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const options = (await client.post('/api/admin-login/passkey/options')).json();
      statuses.push(
        (await client.post('/api/admin-login/passkey', { response: authenticator.assert(options, { origin: 'https://evil.example' }) })).statusCode,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const options = (await client.post('/api/admin-login/passkey/options')).json();
    const locked = await client.post('/api/admin-login/passkey', { response: authenticator.assert(options) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.codesLocked(15));
  });
});

describe('a passkey before a bulk export', () => {
  it('is asked for before a whole-school export, and lets it go ahead', async () => {
    const { client, authenticator } = await withPasskey('pk-stepup');
    // She signed in before she had a passkey: the export asks for it.
    const refused = await client.get('/api/parents-contact/all');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required', enrolled: true });
    const options = (await client.post('/api/account/step-up/passkey/options')).json();
    const confirmed = await client.post('/api/account/step-up/passkey', { response: authenticator.assert(options) });
    expect(confirmed.statusCode).toBe(200);
    expect((await client.get('/api/parents-contact/all')).statusCode).toBe(200);
    const stepUps = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('actor_id', '=', 'pk-stepup')
      .where('action', '=', 'second-factor.step-up')
      .execute();
    expect(stepUps).toEqual([{ detail: 'passkey' }]);
  });

  it('refuses a sign-in challenge given for a step-up, and asks one without a passkey to add one', async () => {
    const { client, authenticator } = await withPasskey('pk-purpose');
    const options = (await client.post('/api/account/step-up/passkey/options')).json();
    const wrongCall = await client.post('/api/admin-login/passkey', { response: authenticator.assert(options) });
    expect(wrongCall.statusCode).toBe(401);
    const none = await signedInStaff(t.app, t.db, 'pk-none', { role: 'office' });
    const asked = await none.post('/api/account/step-up/passkey/options');
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors).toEqual({ response: [messages.noPasskeyYet] });
  });
});

describe('removing a passkey', () => {
  it('removes her own, audit-logged, and finds no other account’s', async () => {
    const { client } = await withPasskey('pk-remove');
    const [passkey] = (await client.get('/api/account/passkeys')).json().passkeys;
    const other = await withPasskey('pk-remove-other');
    expect((await other.client.delete(`/api/account/passkeys/${passkey.id}`)).statusCode).toBe(404);
    expect((await client.delete('/api/account/passkeys/abc')).statusCode).toBe(422);
    expect((await client.delete(`/api/account/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/account/passkeys')).json().passkeys).toEqual([]);
    expect(await auditActions('pk-remove')).toEqual(['passkey.added Office laptop', 'passkey.removed Office laptop']);
    // Without a factor the password signs her straight in again.
    expect((await passwordGiven('pk-remove')).response.json().second_factor).toBeUndefined();
  });

  it('keeps the last second factor when the school requires one, even against two removals at once', async () => {
    const strict = await buildTestApp({ staffMfa: 'required' });
    try {
      const { client } = await withPasskey('pk-last', strict);
      expect((await addPasskey(client, new TestAuthenticator(), 'Spare key')).statusCode).toBe(200);
      const ids: number[] = (await client.get('/api/account/passkeys')).json().passkeys.map((passkey: { id: number }) => passkey.id);
      const answers = await Promise.all(ids.map((id) => client.delete(`/api/account/passkeys/${id}`)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(messages.lastFactorKept);
      expect((await client.get('/api/account/passkeys')).json().passkeys).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });
});
