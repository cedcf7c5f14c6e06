import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createStudent, signedInStaff } from '../helpers/factories.ts';
import { buildTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { proposedMoves } from '../features/school-year/school-year-helpers.ts';

let t: TestApp;
let boss: TestClient;
beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional' });
  await createStudent(t.db, { class_id: '1A' });
  boss = await signedInStaff(t.app, t.db, 'boss', { role: 'admin' });
  await t.db.updateTable('admin_users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('username', '=', 'boss').execute();
  for (const username of ['off-role', 'off-reset', 'off-factor', 'off-disable']) await createStaffUser(t.db, username, { role: 'office' });
  await createStaffUser(t.db, 'teach-classes', { role: 'teacher', classes: ['1A'] });
  await t.db.updateTable('admin_users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('username', '=', 'off-factor').execute();
});
afterAll(() => t.close());

/** Her sessions' second factor given `minutesAgo`. */
async function factorGiven(username: string, minutesAgo: number) {
  const { id } = await t.db.selectFrom('admin_users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.db.updateTable('sessions').set({ second_factor_at: at }).where('admin_id', '=', id).execute();
}

const currentYear = async () => (await boss.get('/api/school-year')).json().year as number;

/** Each staff change, as the screens make it, in an order that lets each go through once allowed. */
const changes: Array<[string, () => Promise<{ statusCode: number; json(): unknown }>]> = [
  ['creating staff', () => boss.post('/api/staff', { username: 'new-office', display_name: 'New Office', role: 'office' })],
  ['changing a role', () => boss.patch('/api/staff/off-role', { role: 'teacher', classes: ['1A'] })],
  ['changing classes', () => boss.patch('/api/staff/teach-classes', { classes: ['1B'] })],
  ['resetting a password', () => boss.patch('/api/staff/off-reset', { reset_password: true })],
  ['resetting a second factor', () => boss.patch('/api/staff/off-factor', { reset_second_factor: true })],
  ['disabling', () => boss.patch('/api/staff/off-disable', { disabled: true })],
  [
    'the notification settings',
    () => boss.request('PUT', '/api/notification-settings', { report_posted: true, absence: true, reminders: true, staff_security: true }),
  ],
  [
    'the rollover',
    async () => boss.post('/api/school-year/rollover', { to_year: (await currentYear()) + 1, classes: await proposedMoves(t.db), dry_run: false }),
  ],
  ['undoing the rollover', () => boss.post('/api/school-year/undo', {})],
  ['the retention erase', () => boss.post('/api/retention/erase', { dry_run: false })],
];

describe('staff changes need a second factor given in the last 15 minutes', () => {
  it.each(changes)('%s: refused 403 step_up_required with a factor 16 minutes old, done with one a minute old', async (_name, change) => {
    await factorGiven('boss', 16);
    const stale = await change();
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ code: 'step_up_required', message: messages.stepUpForStaffChanges, enrolled: true });
    await factorGiven('boss', 1);
    const fresh = await change();
    expect(fresh.statusCode).toBe(200);
  });

  it('changed nothing when refused: the stale tries above left the accounts as they were until the fresh one', async () => {
    const audit = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', 'boss').where('action', 'like', 'staff.%').execute();
    // One created and five changed, each once: the refused tries wrote nothing.
    expect(audit.map((row) => row.action).sort()).toEqual([
      'staff.changed',
      'staff.changed',
      'staff.changed',
      'staff.changed',
      'staff.changed',
      'staff.created',
    ]);
  });

  it('lets the dry runs of the rollover and the erase count without a fresh factor: they change nothing', async () => {
    await factorGiven('boss', 16);
    expect((await boss.post('/api/retention/erase', { dry_run: true })).statusCode).toBe(200);
    const preview = await boss.post('/api/school-year/rollover', { to_year: (await currentYear()) + 1, classes: await proposedMoves(t.db), dry_run: true });
    expect(preview.statusCode).toBe(200);
  });

  it('asks nothing of an admin who has no factor where the school does not require one', async () => {
    const plain = await signedInStaff(t.app, t.db, 'plain-admin', { role: 'admin' });
    expect((await plain.post('/api/staff', { username: 'plain-made', display_name: 'Plain Made', role: 'teacher', classes: ['1A'] })).statusCode).toBe(200);
  });

  it('sends an admin who must have a factor and has none to enrol one first, when the school requires one', async () => {
    const strict = await buildTestApp({ staffMfa: 'required' });
    try {
      const admin = await signedInStaff(strict.app, strict.db, 'strict-admin', { role: 'admin' });
      const refused = await admin.post('/api/staff', { username: 'strict-made', display_name: 'Strict Made', role: 'office' });
      // Required, a factor is asked for before any call at all (decision 043).
      expect(refused.statusCode).toBe(403);
      expect(['enrolment_required', 'step_up_required']).toContain(refused.json().code);
      expect(await strict.db.selectFrom('admin_users').select('id').where('username', '=', 'strict-made').executeTakeFirst()).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});

describe('a new admin account', () => {
  it('is announced by message to every other admin with an address, and not to herself', async () => {
    for (const [username, email] of [
      ['watch-1', 'watch1@school.test'],
      ['watch-2', 'watch2@school.test'],
      ['watch-quiet', null],
    ] as const) {
      await createStaffUser(t.db, username, { role: 'admin' });
      await t.db.updateTable('admin_users').set({ email }).where('username', '=', username).execute();
    }
    await createStaffUser(t.db, 'watch-off', { role: 'office' });
    await t.db.updateTable('admin_users').set({ email: 'office@school.test' }).where('username', '=', 'watch-off').execute();
    await t.db.updateTable('admin_users').set({ email: 'boss@school.test' }).where('username', '=', 'boss').execute();
    await factorGiven('boss', 1);

    const created = await boss.post('/api/staff', { username: 'new-admin', display_name: 'New Admin', role: 'admin', email: 'newadmin@school.test' });
    expect(created.statusCode).toBe(200);
    const told = await t.db.selectFrom('outbox').selectAll().where('event', 'like', 'staff-security.admin-created:new-admin:%').orderBy('recipient').execute();
    expect(told.map((row) => row.recipient)).toEqual(['boss@school.test', 'watch1@school.test', 'watch2@school.test']);
    expect(told[0]!.text_body).toContain('A new administrator account, new-admin, was created by boss');

    // A staff member made an admin is news too.
    expect((await boss.patch('/api/staff/watch-off', { role: 'admin' })).statusCode).toBe(200);
    const promoted = await t.db
      .selectFrom('outbox')
      .select('recipient')
      .where('event', 'like', 'staff-security.made-admin:watch-off:%')
      .orderBy('recipient')
      .execute();
    expect(promoted.map((row) => row.recipient)).toEqual(['boss@school.test', 'newadmin@school.test', 'watch1@school.test', 'watch2@school.test']);
  });

  it('is not announced while the school has staff security notices switched off', async () => {
    await factorGiven('boss', 1);
    await t.db.updateTable('notification_settings').set({ enabled: 0 }).where('kind', '=', 'staff_security').execute();
    try {
      expect((await boss.post('/api/staff', { username: 'quiet-admin', display_name: 'Quiet Admin', role: 'admin' })).statusCode).toBe(200);
      expect(await t.db.selectFrom('outbox').select('id').where('event', 'like', 'staff-security.admin-created:quiet-admin:%').execute()).toEqual([]);
    } finally {
      await t.db.updateTable('notification_settings').set({ enabled: 1 }).where('kind', '=', 'staff_security').execute();
    }
  });
});
