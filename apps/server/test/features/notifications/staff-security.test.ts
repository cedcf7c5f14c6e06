import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '../../../src/features/auth/totp.ts';
import { queueStaffSecurityNotice } from '../../../src/features/notifications/index.ts';
import { utcToZonedLocal } from '../../../src/lib/time-zone.ts';
import { ADMIN_PASSWORD, adminApp, createStaffUser, createStudent } from '../../helpers/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp-server.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ADDRESS = '10.61.0.7';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ t, admin } = await adminApp({ smtpUrl: smtp.url, staffMfa: 'optional' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.db.updateTable('notification_settings').set({ enabled: 1 }).where('kind', '=', 'staff_security').execute();
});

/** A staff account with an e-mail address (or none), set as an admin would on the Staff screen. */
async function staffWithEmail(username: string, email: string | null) {
  await createStaffUser(t.db, username, { role: 'office' });
  expect((await admin.patch(`/api/staff/${username}`, { email })).statusCode).toBe(200);
}

/** A new browser of that kind signing in to the account with its password. */
async function signIn(username: string, userAgent: string) {
  const client = await new TestClient(t.app, ADDRESS).start();
  const response = await client.post('/api/admin-login', { name: username, password: ADMIN_PASSWORD }, { 'user-agent': userAgent });
  expect(response.statusCode).toBe(200);
  return client;
}

/** The caller of a direct call, as a request would make it: a signed-in admin. */
const adminCaller = (adminId: number, name: string) =>
  ({ kind: 'admin', adminId, name, role: 'admin', classes: [], ip: ADDRESS, address: ADDRESS, requestId: null, sessionId: null }) as never;

const notices = (recipient: string) =>
  t.db.selectFrom('outbox').selectAll().where('kind', '=', 'staff_security').where('recipient', '=', recipient).orderBy('id').execute();

describe('a staff sign-in from a new browser', () => {
  it('queues one notice to her address, sent through the mail server, with the time on the school clock; the same browser again queues none', async () => {
    await staffWithEmail('sec-1', 'sec1@school.test');
    // Her first sign-in is no news: there is no browser yet to compare it with.
    await signIn('sec-1', FIREFOX_LINUX);
    await signIn('sec-1', FIREFOX_LINUX);
    expect(await notices('sec1@school.test')).toHaveLength(0);

    await signIn('sec-1', CHROME_WINDOWS);
    await signIn('sec-1', CHROME_WINDOWS);
    await signIn('sec-1', FIREFOX_LINUX);
    const [notice, ...more] = await notices('sec1@school.test');
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe(`${t.config.schoolName}: a new sign-in to your staff account`);
    const [day, time] = utcToZonedLocal(notice!.created_at, t.config.schoolTimeZone).split('T');
    expect(notice!.text_body).toContain(`at ${time} (school time) from a browser it has not used lately (Chrome on Windows)`);
    expect(notice!.text_body).toContain(String(Number(day!.slice(8, 10))));
    expect(notice!.text_body).toContain("please tell the school's admin at once");
    expect(notice!.text_body).toContain(`${t.config.portalUrl}/admin`);

    await expect.poll(async () => smtp.received.filter((mail) => mail.to.includes('sec1@school.test')).length).toBe(1);
    await expect.poll(async () => (await notices('sec1@school.test'))[0]!.status).toBe('sent');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('detail', 'like', '%sec1@school.test%').execute();
    expect(audit).toContainEqual({ action: 'notification.sent', detail: 'staff_security to sec1@school.test' });
    const queued = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'notification.queued')
      .where('actor_id', '=', 'sec-1')
      .execute();
    expect(queued).toEqual([{ actor_id: 'sec-1', detail: '1 staff_security messages' }]);
  });

  it('counts a browser not used for 90 days as new again', async () => {
    await staffWithEmail('sec-2', 'sec2@school.test');
    await signIn('sec-2', FIREFOX_LINUX);
    await signIn('sec-2', SAFARI_IPHONE);
    expect(await notices('sec2@school.test')).toHaveLength(1);
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
    await t.db.updateTable('staff_devices').set({ last_seen_at: longAgo }).where('device', '=', 'Safari on iOS').execute();
    await signIn('sec-2', SAFARI_IPHONE);
    expect(await notices('sec2@school.test')).toHaveLength(2);
  });

  it('queues nothing for an account without an address, nor while the school has these notices switched off', async () => {
    await staffWithEmail('sec-3', null);
    await signIn('sec-3', FIREFOX_LINUX);
    await signIn('sec-3', CHROME_WINDOWS);
    expect(await t.db.selectFrom('outbox').select('id').where('event', 'like', '%:sec-3').execute()).toHaveLength(0);

    await staffWithEmail('sec-4', 'sec4@school.test');
    await signIn('sec-4', FIREFOX_LINUX);
    await t.db.updateTable('notification_settings').set({ enabled: 0 }).where('kind', '=', 'staff_security').execute();
    await signIn('sec-4', CHROME_WINDOWS);
    expect(await notices('sec4@school.test')).toHaveLength(0);
  });

  it('tells a new browser once, however many of its sign-ins arrive at once', async () => {
    await staffWithEmail('sec-5', 'sec5@school.test');
    await signIn('sec-5', FIREFOX_LINUX);
    const staff = await t.db.selectFrom('admin_users').select(['id', 'username']).where('username', '=', 'sec-5').executeTakeFirstOrThrow();
    const actor = adminCaller(staff.id, staff.username);
    const queued = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.deps.writeTransaction((trx) =>
          queueStaffSecurityNotice(trx, t.config, { actor, staff, event: { kind: 'signed-in', device: 'Opera on Windows' } }),
        ),
      ),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await notices('sec5@school.test')).toHaveLength(1);
  });
});

describe('a second factor added', () => {
  it('queues one notice when an authenticator app is confirmed, and a sign-in with the code from a new browser queues one more', async () => {
    await staffWithEmail('sec-6', 'sec6@school.test');
    const client = await signIn('sec-6', FIREFOX_LINUX);
    const { secret } = (await client.post('/api/account/totp')).json();
    expect((await client.post('/api/account/totp/confirm', { code: totpCode(secret, timeStep()) })).statusCode).toBe(200);
    const [added] = await notices('sec6@school.test');
    expect(added!.subject).toBe(`${t.config.schoolName}: a second factor was added to your staff account`);
    expect(added!.text_body).toMatch(/^An authenticator app was added to your staff account sec-6 as a second factor on /);

    await t.db.updateTable('admin_users').set({ totp_last_step: null }).where('username', '=', 'sec-6').execute();
    const browser = await new TestClient(t.app, ADDRESS).start();
    await browser.post('/api/admin-login', { name: 'sec-6', password: ADMIN_PASSWORD }, { 'user-agent': SAFARI_IPHONE });
    // The password alone is no sign-in yet: nothing is told until the code.
    expect(await notices('sec6@school.test')).toHaveLength(1);
    const completed = await browser.post('/api/admin-login/second-factor', { code: totpCode(secret, timeStep()) }, { 'user-agent': SAFARI_IPHONE });
    expect(completed.statusCode).toBe(200);
    const all = await notices('sec6@school.test');
    expect(all).toHaveLength(2);
    expect(all[1]!.text_body).toContain('(Safari on iOS)');
  });
});

describe('a second factor removed', () => {
  it('queues one notice naming the factor, whoever removes it', async () => {
    await staffWithEmail('sec-9', 'sec9@school.test');
    const staff = await t.db.selectFrom('admin_users').select(['id', 'username']).where('username', '=', 'sec-9').executeTakeFirstOrThrow();
    const actor = adminCaller(1, 'registrar');
    const queued = await t.app.deps.writeTransaction((trx) =>
      queueStaffSecurityNotice(trx, t.config, { actor, staff, event: { kind: 'factor-removed', factor: 'passkey' } }),
    );
    expect(queued).toBe(true);
    const [notice] = await notices('sec9@school.test');
    expect(notice!.subject).toBe(`${t.config.schoolName}: a second factor was removed from your staff account`);
    expect(notice!.text_body).toMatch(/^A passkey was removed from your staff account sec-9 on \w+ \d+ \w+ \d{4} at \d\d:\d\d \(school time\)\./);
  });
});

describe('what a staff notice may say', () => {
  it("never repeats a User-Agent the portal does not recognise: those are the sender's own words", async () => {
    await staffWithEmail('sec-8', 'sec8@school.test');
    await signIn('sec-8', FIREFOX_LINUX);
    await signIn('sec-8', 'Please confirm your password at https://evil.example/now');
    const [notice, ...more] = await notices('sec8@school.test');
    expect(more).toHaveLength(0);
    expect(notice!.text_body).toContain('from a browser it has not used lately (an unknown browser).');
    expect(`${notice!.text_body}${notice!.html_body}`).not.toContain('evil.example');
  });

  it('names no student, no address of the request and no secret', async () => {
    const student = await createStudent(t.db, { first_name: 'Zenobia', last_name: 'Quashie', email: 'zenobia@example.org', allergy: 'Peanuts' });
    await staffWithEmail('sec-7', 'sec7@school.test');
    const client = await signIn('sec-7', FIREFOX_LINUX);
    const { secret } = (await client.post('/api/account/totp')).json();
    await client.post('/api/account/totp/confirm', { code: totpCode(secret, timeStep()) });
    const rows = await notices('sec7@school.test');
    expect(rows).toHaveLength(1);
    for (const row of rows) {
      const words = `${row.subject}\n${row.text_body}\n${row.html_body}`;
      for (const forbidden of [student.id, 'Zenobia', 'Quashie', 'zenobia@example.org', 'Peanuts', ADDRESS, ADMIN_PASSWORD, secret]) {
        expect(words).not.toContain(forbidden);
      }
      expect(row.student_id).toBeNull();
    }
  });
});
