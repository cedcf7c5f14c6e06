import { guardianMessages, messages, pageSizes } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../src/db/database.ts';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import { createGuardian, type TestGuardian } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

let block = 0;
const browser = async () => new TestClient(t.app, `10.95.${(block += 1) % 250}.${(block % 200) + 1}`).start();

async function signedIn(guardian: TestGuardian, password = guardian.password): Promise<TestClient> {
  const client = await browser();
  expect((await client.post('/api/guardian-login', { email: guardian.email, password })).statusCode).toBe(200);
  return client;
}

describe('her account page', () => {
  it('reads and saves her name, phone and message kinds, audited by field', async () => {
    const guardian = await createGuardian(t.db, { name: 'Ria Maharaj' });
    const client = await signedIn(guardian);
    expect((await client.get('/api/guardian/account')).json()).toEqual({
      id: guardian.publicId,
      email: guardian.email,
      display_name: 'Ria Maharaj',
      phone: null,
      message_kinds: ['report_posted', 'absence', 'reminders'],
    });
    const saved = await client.patch('/api/guardian/account', { display_name: 'Ria M.', phone: '868 555 0101', message_kinds: ['absence', 'absence'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ display_name: 'Ria M.', phone: '868 555 0101', message_kinds: ['absence'] });
    expect((await client.patch('/api/guardian/account', { message_kinds: [] })).json().message_kinds).toEqual([]);
    expect((await client.patch('/api/guardian/account', { message_kinds: ['staff_security'] })).statusCode).toBe(422);
    expect((await client.patch('/api/guardian/account', { display_name: '' })).statusCode).toBe(422);
    expect((await client.get('/api/session')).json().name).toBe('Ria M.');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'guardian.account-changed')
      .where('actor_id', '=', guardian.publicId)
      .orderBy('id')
      .execute();
    expect(audit[0].detail).toBe('display_name, phone, message_kinds');
  });

  it("is a guardian's own: staff and visitors are refused", async () => {
    expect((await admin.get('/api/guardian/account')).statusCode).toBe(403);
    expect((await (await browser()).get('/api/guardian/account')).statusCode).toBe(401);
  });
});

describe('changing her password', () => {
  it('asks her current password, keeps the rule, and ends her other sessions', async () => {
    const guardian = await createGuardian(t.db);
    const client = await signedIn(guardian);
    const other = await signedIn(guardian);
    const wrong = await client.post('/api/guardian/change-password', { current_password: 'Not-It-At-All-1', password: 'Bamboo-Cathedral-77' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password[0]).toBe(messages.currentPasswordWrong);
    const dated = await client.post('/api/guardian/change-password', { current_password: guardian.password, password: '2014.03.09' });
    expect(dated.json().errors.password[0]).toBe(guardianMessages.passwordIsDate);
    const changed = await client.post('/api/guardian/change-password', { current_password: guardian.password, password: 'Bamboo-Cathedral-77' });
    expect(changed.statusCode).toBe(200);
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'guardian' });
    expect((await other.get('/api/session')).json()).toMatchObject({ authenticated: false });
    await signedIn(guardian, 'Bamboo-Cathedral-77');
  });
});

describe('the messages sent to her', () => {
  it('lists only hers, newest first, paged like the Messages page, with the girl named by first name', async () => {
    const mother = await createGuardian(t.db);
    const stranger = await createGuardian(t.db);
    const student = await createStudent(t.db, { first_name: 'Zara', last_name: 'Ali' });
    const message = (guardianId: number, n: number) => ({
      kind: 'absence',
      recipient: 'someone@example.org',
      subject: `Message ${n}`,
      text_body: 'x',
      html_body: 'x',
      event: `test:${guardianId}:${n}`,
      student_id: student.id,
      guardian_id: guardianId,
      status: 'queued' as const,
      attempts: 0,
      next_attempt_at: nowIso(),
      created_at: nowIso(),
    });
    const count = pageSizes.messages + 2;
    await t.db
      .insertInto('outbox')
      .values(Array.from({ length: count }, (_, n) => message(mother.id, n)))
      .execute();
    await t.db.insertInto('outbox').values(message(stranger.id, 999)).execute();

    const client = await signedIn(mother);
    const first = (await client.get('/api/guardian/messages')).json();
    expect(first.total).toBe(count);
    expect(first.items).toHaveLength(pageSizes.messages);
    expect(first.items[0]).toMatchObject({ kind: 'absence', subject: `Message ${count - 1}`, student_first_name: 'Zara', status: 'queued', sent_at: null });
    const second = (await client.get('/api/guardian/messages?page=2')).json();
    expect(second.items.map((item: { subject: string }) => item.subject)).toEqual(['Message 1', 'Message 0']);
    expect(JSON.stringify([first, second])).not.toContain('Message 999');
    expect((await client.get('/api/guardian/messages?page=0')).statusCode).toBe(422);
  });
});
