import { guardianMessages, passwordMessages } from '@school/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgotLimits } from '../../../src/features/guardians/service.ts';
import { createGuardian, type TestGuardian } from '../../helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ portalUrl: 'https://portal.example.org' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let block = 0;
const browser = async () => new TestClient(t.app, `10.92.${(block += 1) % 250}.${(block % 200) + 1}`).start();
const NEW_PASSWORD = 'Poui-Tree-Blossom-88';

const mailsTo = (email: string) =>
  t.db
    .selectFrom('outbox')
    .select(['kind', 'recipient', 'subject', 'text_body', 'html_body', 'guardian_id'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

/** Asks for a reset link for her and reads the token from the mail it queued. */
async function resetToken(guardian: TestGuardian): Promise<string> {
  expect((await (await browser()).post('/api/guardian-password/forgot', { email: guardian.email })).statusCode).toBe(200);
  const mail = (await mailsTo(guardian.email)).at(-1)!;
  const token = /\/parents\/reset\?token=([\w-]+)/.exec(mail.text_body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('forgot password', () => {
  it('answers an unknown and a known address alike, and mails a link only to an account', async () => {
    const guardian = await createGuardian(t.db);
    const unknown = await (await browser()).post('/api/guardian-password/forgot', { email: `nobody-${guardian.publicId}@example.org` });
    const known = await (await browser()).post('/api/guardian-password/forgot', { email: guardian.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: guardianMessages.resetLinkSent });
    expect(await mailsTo(`nobody-${guardian.publicId}@example.org`)).toEqual([]);
    const [mail] = await mailsTo(guardian.email);
    expect(mail).toMatchObject({ kind: 'family_account', guardian_id: guardian.id });
    expect(mail.text_body).toContain('https://portal.example.org/parents/reset?token=');
    // Only its SHA-256 is stored.
    const token = /token=([\w-]+)/.exec(mail.text_body)![1];
    expect(await t.db.selectFrom('guardian_email_tokens').select('id').where('token_hash', '=', token).execute()).toEqual([]);
  });

  it('sends no link to a disabled account, with the same answer', async () => {
    const guardian = await createGuardian(t.db);
    await t.db.updateTable('guardians').set({ disabled: 1 }).where('id', '=', guardian.id).execute();
    const answer = await (await browser()).post('/api/guardian-password/forgot', { email: guardian.email });
    expect(answer.json()).toEqual({ message: guardianMessages.resetLinkSent });
    expect(await mailsTo(guardian.email)).toEqual([]);
  });

  it('cannot flood a mailbox: 100 asks at once for one address queue no more mails than the limit', async () => {
    const guardian = await createGuardian(t.db);
    const statuses = (
      await Promise.all(Array.from({ length: 100 }, async () => (await browser()).post('/api/guardian-password/forgot', { email: guardian.email })))
    ).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(forgotLimits.email.attempts);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - forgotLimits.email.attempts);
    expect(await mailsTo(guardian.email)).toHaveLength(forgotLimits.email.attempts);
  });

  it('limits one caller asking for many addresses', async () => {
    const client = await browser();
    const statuses: number[] = [];
    for (let index = 0; index <= forgotLimits.address.attempts; index += 1)
      statuses.push((await client.post('/api/guardian-password/forgot', { email: `tried-${block}-${index}@example.org` })).statusCode);
    expect(statuses.slice(0, forgotLimits.address.attempts).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('reset password', () => {
  it('sets her password once, ends her other sessions and signs this browser in', async () => {
    const guardian = await createGuardian(t.db);
    const elsewhere = await browser();
    expect((await elsewhere.post('/api/guardian-login', { email: guardian.email, password: guardian.password })).statusCode).toBe(200);
    const token = await resetToken(guardian);
    const client = await browser();
    const answer = await client.post('/api/guardian-password/reset', { token, password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: guardian.name, kind: 'guardian' });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'guardian' });
    expect((await elsewhere.get('/api/session')).json()).toMatchObject({ authenticated: false });
    // The new password signs her in; the old one no more; the link works once.
    expect((await (await browser()).post('/api/guardian-login', { email: guardian.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await (await browser()).post('/api/guardian-login', { email: guardian.email, password: guardian.password })).statusCode).toBe(422);
    const again = await (await browser()).post('/api/guardian-password/reset', { token, password: 'Another-Good-Phrase-5' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(guardianMessages.linkNotValid);
  });

  it('takes one of 100 uses of one link at once', async () => {
    const guardian = await createGuardian(t.db);
    const token = await resetToken(guardian);
    const clients = await Promise.all(Array.from({ length: 100 }, () => browser()));
    const statuses = (
      await Promise.all(clients.map((client, index) => client.post('/api/guardian-password/reset', { token, password: `Parallel-Phrase-${index}-x` })))
    ).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(99);
    const winner = statuses.indexOf(200);
    expect((await (await browser()).post('/api/guardian-login', { email: guardian.email, password: `Parallel-Phrase-${winner}-x` })).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('audit_log').select('id').where('action', '=', 'guardian.password-reset').where('actor_id', '=', guardian.publicId).execute(),
    ).toHaveLength(1);
  });

  it('lets her sign in with the new password after wrong ones had locked her account', async () => {
    const guardian = await createGuardian(t.db);
    const guesser = await browser();
    for (let n = 0; n < 12; n += 1) await guesser.post('/api/guardian-login', { email: guardian.email, password: `Wrong-Guess-${n}-z` });
    expect((await (await browser()).post('/api/guardian-login', { email: guardian.email, password: guardian.password })).statusCode).toBe(429);
    const token = await resetToken(guardian);
    expect((await (await browser()).post('/api/guardian-password/reset', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await (await browser()).post('/api/guardian-login', { email: guardian.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes', async () => {
    const guardian = await createGuardian(t.db);
    const token = await resetToken(guardian);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    const answer = await (await browser()).post('/api/guardian-password/reset', { token, password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(guardianMessages.linkNotValid);
  });

  it('refuses a weak, common or date password, and the link still works after', async () => {
    const guardian = await createGuardian(t.db);
    const token = await resetToken(guardian);
    const client = await browser();
    const refused = async (password: string) => {
      const answer = await client.post('/api/guardian-password/reset', { token, password });
      expect(answer.statusCode).toBe(422);
      return answer.json().errors.password[0];
    };
    expect(await refused('short')).toBe(passwordMessages.tooShort);
    expect(await refused('password123')).toBe(passwordMessages.common);
    expect(await refused('14/03/2012')).toBe(guardianMessages.passwordIsDate);
    expect(await refused('20120314')).toBe(guardianMessages.passwordIsDate);
    expect(await refused(guardian.email)).toBe(passwordMessages.username);
    expect((await client.post('/api/guardian-password/reset', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers an unknown token 404', async () => {
    const answer = await (await browser()).post('/api/guardian-password/reset', { token: 'not-a-token-at-all', password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(404);
  });
});
