import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkExportGuard } from '../../../src/features/export-guard/index.ts';
import { NotFound } from '../../../src/lib/errors.ts';
import { expectAllowanceHeld, exportsOf as exportsCounted, withFactorGiven } from '../../helpers/export-guard.ts';
import { createStudent, signedInStaff } from '../../helpers/factories.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../helpers/test-app.ts';

const LIMIT = 6;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ exportDailyLimit: LIMIT, staffMfa: 'optional' });
  for (const id of ['GRD-1', 'GRD-2', 'GRD-3']) await createStudent(t.db, { id, class_id: '1A' });
});
afterAll(() => t.close());

const exportsOf = (username: string, { db } = t) => exportsCounted(db, username);

/** The notes of the staff member's audit rows of an action. */
const auditNotes = async (username: string, action: string) =>
  (await t.db.selectFrom('audit_log').select('detail').where('actor_id', '=', username).where('action', '=', action).execute()).map((row) => row.detail);

const withFactor = (username: string, minutesAgo: number | null) => withFactorGiven(t.db, username, minutesAgo);

describe('the bulk export guard', () => {
  it('lets a staff member without a factor export when the second factor is optional, and logs how many students the export held', async () => {
    const office = await signedInStaff(t.app, t.db, 'guard-office', { role: 'office' });
    const response = await office.get('/api/parents-contact/all');
    expect(response.statusCode).toBe(200);
    expect(await auditNotes('guard-office', 'parents-contact.viewed')).toEqual(['all classes (screen): 3 students']);
    expect(await exportsOf('guard-office')).toBe(1);
  });

  it('does not count one class of Parents Contact as a bulk export', async () => {
    const office = await signedInStaff(t.app, t.db, 'guard-class', { role: 'office' });
    expect((await office.get('/api/parents-contact/1A')).statusCode).toBe(200);
    expect(await exportsOf('guard-class')).toBeUndefined();
  });

  it('asks a staff member who has a factor for it again after 15 minutes, and lets her export within them', async () => {
    const admin = await signedInStaff(t.app, t.db, 'guard-stepup', { role: 'admin' });
    await withFactor('guard-stepup', null);
    const asked = await admin.get('/api/registration-report/all');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ code: 'step_up_required', message: messages.stepUpRequired, enrolled: true });

    await withFactor('guard-stepup', 16);
    expect((await admin.get('/api/audit/csv')).statusCode).toBe(403);
    expect(await exportsOf('guard-stepup')).toBeUndefined();

    await withFactor('guard-stepup', 14);
    const csv = await admin.get('/api/audit/csv');
    expect(csv.statusCode).toBe(200);
    expect(await auditNotes('guard-stepup', 'audit.exported')).toEqual([expect.stringMatching(/^every entry: \d+ students?$/)]);
    expect(await exportsOf('guard-stepup')).toBe(1);
  });

  it('sends a staff member with no factor to enrol one before any export when the second factor is required', async () => {
    const strict = await buildTestApp({ staffMfa: 'required' });
    try {
      const office = await signedInStaff(strict.app, strict.db, 'guard-strict', { role: 'office' });
      // Required, a factor is asked for before any call at all (decision 043), an export's guard included.
      const response = await office.get('/api/registration-data-spreadsheet');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'enrolment_required', message: messages.enrolSecondFactorNow });
      expect(await exportsOf('guard-strict', strict)).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it(`lets no more than the day's allowance of 50 exports asked for at once succeed, and says why the rest are refused`, async () => {
    const office = await signedInStaff(t.app, t.db, 'guard-busy', { role: 'office' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => office.get(index % 2 ? '/api/parents-contact/all' : '/api/parents-contact/all/xlsx')),
    );
    expectAllowanceHeld(answers, LIMIT);
    expect(await exportsOf('guard-busy')).toBe(LIMIT);
    expect(await auditNotes('guard-busy', 'parents-contact.viewed')).toHaveLength(LIMIT);
  });
});

describe('GET /api/admin/export-alerts', () => {
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signedInStaff(t.app, t.db, 'guard-alerts', { role: 'admin' });
  });

  it('names the staff whose exports today are past half the allowance, and no one else', async () => {
    const office = await signedInStaff(t.app, t.db, 'guard-half', { role: 'office' });
    for (let count = 0; count < LIMIT / 2; count += 1) expect((await office.get('/api/parents-contact/all')).statusCode).toBe(200);
    const atHalf = (await admin.get('/api/admin/export-alerts')).json();
    expect(atHalf.daily_limit).toBe(LIMIT);
    expect(atHalf.staff.map((row: { username: string }) => row.username)).not.toContain('guard-half');

    expect((await office.get('/api/parents-contact/all')).statusCode).toBe(200);
    const past = (await admin.get('/api/admin/export-alerts')).json();
    expect(past.staff).toContainEqual({ username: 'guard-half', display_name: 'guard-half', exports: LIMIT / 2 + 1, records_read: 0 });
  });

  it('is for admins only', async () => {
    const office = await signedInStaff(t.app, t.db, 'guard-nosy', { role: 'office' });
    expect((await office.get('/api/admin/export-alerts')).statusCode).toBe(403);
  });
});

// The day is the school's; a row of another day is not today's count.
it('counts a new day afresh', async () => {
  const office = await signedInStaff(t.app, t.db, 'guard-yesterday', { role: 'office' });
  const account = await t.db.selectFrom('admin_users').select('id').where('username', '=', 'guard-yesterday').executeTakeFirstOrThrow();
  await t.db.insertInto('export_allowance').values({ admin_id: account.id, day: '2000-01-01', exports: LIMIT }).execute();
  expect((await office.get('/api/parents-contact/all')).statusCode).toBe(200);
  expect(await exportsOf('guard-yesterday')).toBe(1);
});

it('gives back an export that was not made: one the server failed to make (5xx) or refused (4xx) does not use up her day', async () => {
  const own = await buildTestApp({ exportDailyLimit: 2, staffMfa: 'optional' }, async (app) => {
    const guard = bulkExportGuard(app.deps);
    app.get('/test/export-fails', { config: { access: 'exports' }, preHandler: guard }, async () => {
      throw new Error('the file could not be written');
    });
    app.get('/test/export-refused', { config: { access: 'exports' }, preHandler: guard }, async () => {
      throw new NotFound('There is no such export.');
    });
  });
  try {
    const office = await signedInStaff(own.app, own.db, 'guard-fails', { role: 'office' });
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      answers.push((await office.get('/test/export-fails')).statusCode, (await office.get('/test/export-refused')).statusCode);
    expect(answers).toEqual([500, 404, 500, 404, 500, 404]);
    await expect.poll(() => exportsOf('guard-fails', own)).toBe(0);
    // Her day's two exports are still hers, and a third is refused.
    const made = [];
    for (let attempt = 0; attempt < 3; attempt += 1) made.push((await office.get('/api/parents-contact/all')).statusCode);
    expect(made).toEqual([200, 200, 429]);
    expect(await exportsOf('guard-fails', own)).toBe(2);
  } finally {
    await own.close();
  }
});
