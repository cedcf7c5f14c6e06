import type { AuditAction } from '@school/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLogTable } from '../../../src/db/schema.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, signedInStudent } from '../../helpers/factories.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute();
});

/**
 * Writes rows straight into the log, oldest first, so each test knows exactly what it holds; an
 * action may be a name the portal does not write today, as an old row's may be.
 */
async function logRows(rows: Array<Partial<Omit<Insertable<AuditLogTable>, 'action'>> & { action?: string }>) {
  const full = rows.map(({ action = 'student.record-viewed', ...row }, index) => ({
    at: new Date(Date.UTC(2026, 2, 1, 12) + index * 60_000).toISOString(),
    actor_kind: 'admin' as const,
    actor_id: 'registrar',
    action: action as AuditAction,
    student_id: '20260001',
    ip: '10.0.0.9',
    detail: null,
    ...row,
  }));
  for (let start = 0; start < full.length; start += 200)
    await t.db
      .insertInto('audit_log')
      .values(full.slice(start, start + 200))
      .execute();
}

const page = async (query: string) => {
  const response = await admin.get(`/api/audit${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { entries: Array<Record<string, unknown>>; total: number; page: number; page_size: number };
};

describe('the audit log screen', () => {
  it('pages on the server, newest first, and counts every entry', async () => {
    await logRows(Array.from({ length: 120 }, (_, index) => ({ detail: `row ${index}` })));
    const first = await page('');
    expect(first).toMatchObject({ total: 120, page: 1, page_size: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].detail).toBe('row 119');
    const third = await page('?page=3');
    expect(third.entries.map((entry) => entry.detail)).toEqual(Array.from({ length: 20 }, (_, index) => `row ${19 - index}`));
    expect((await page('?page=4')).entries).toEqual([]);
  });

  it('shows who, what, which student, when and from where, with a staff member’s role', async () => {
    await logRows([
      { actor_kind: 'student', actor_id: '20260007', action: 'student.record-updated', student_id: '20260007', detail: 'fields: email', ip: '10.1.1.1' },
      { action: 'file.downloaded', detail: 'birth_certificate' },
    ]);
    const { entries } = await page('');
    expect(entries[0]).toMatchObject({
      actor: 'registrar',
      actor_kind: 'admin',
      role: 'admin',
      action: 'file.downloaded',
      student_id: '20260001',
      ip: '10.0.0.9',
    });
    expect(entries[1]).toMatchObject({ actor: '20260007', actor_kind: 'student', role: null, detail: 'fields: email', ip: '10.1.1.1' });
    expect(Object.keys(entries[0]).sort()).toEqual(['action', 'actor', 'actor_kind', 'at', 'detail', 'id', 'ip', 'role', 'student_id']);
  });

  it('filters by staff member, student, action and school days, together', async () => {
    await logRows([
      { actor_id: 'registrar', student_id: '20260001', action: 'file.downloaded', at: '2026-03-01T14:00:00.000Z' },
      { actor_id: 'bursar', student_id: '20260001', action: 'file.uploaded', at: '2026-03-01T15:00:00.000Z' },
      { actor_id: 'registrar', student_id: '20260002', action: 'registration-form.viewed', at: '2026-03-01T16:00:00.000Z' },
      // 23:30 on 1 March in Port of Spain (UTC-4) is 2 March in UTC: it belongs to 1 March.
      { actor_id: 'registrar', student_id: '20260001', action: 'filed.elsewhere', at: '2026-03-02T03:30:00.000Z' },
      { actor_id: 'registrar', student_id: '20260001', action: 'file.deleted', at: '2026-03-02T04:30:00.000Z' },
      { actor_kind: 'student', actor_id: 'registrar', student_id: '20260003', action: 'student.record-updated', at: '2026-03-01T13:00:00.000Z' },
    ]);
    const actions = async (query: string) => (await page(query)).entries.map((entry) => entry.action);
    expect(await actions('?staff=bursar')).toEqual(['file.uploaded']);
    // A student whose ID reads like a username is not a staff member.
    expect(await actions('?staff=registrar')).toEqual(['file.deleted', 'filed.elsewhere', 'registration-form.viewed', 'file.downloaded']);
    expect(await actions('?student_id=20260002')).toEqual(['registration-form.viewed']);
    expect(await actions('?action=file.')).toEqual(['file.deleted', 'file.uploaded', 'file.downloaded']);
    expect(await actions('?from=2026-03-02')).toEqual(['file.deleted']);
    expect(await actions('?to=2026-03-01&staff=registrar&student_id=20260001')).toEqual(['filed.elsewhere', 'file.downloaded']);
    expect(await actions('?from=2026-03-01&to=2026-03-01&action=file')).toEqual(['filed.elsewhere', 'file.uploaded', 'file.downloaded']);
    // Empty filters, as the form sends them, are no filters.
    expect((await page('?staff=&student_id=&action=&from=&to=')).total).toBe(6);
    expect((await page('?action=file.&staff=registrar')).total).toBe(2);
  });

  it('finds an action by the words the screen shows for it, any case, as well as by the start of its name', async () => {
    await logRows([
      { action: 'parents-contact.viewed' },
      { action: 'student.password-reset' },
      { action: 'admin.password-changed' },
      { action: 'file.downloaded' },
      { action: 'old.password-thing' },
    ]);
    const actions = async (query: string) => (await page(query)).entries.map((entry) => entry.action);
    expect(await actions('?action=opened%20parents%20contact')).toEqual(['parents-contact.viewed']);
    expect(await actions('?action=Password')).toEqual(['admin.password-changed', 'student.password-reset']);
    // A row of an action the portal no longer writes is still found by its name's start.
    expect(await actions('?action=old.')).toEqual(['old.password-thing']);
    const csv = csvLines((await admin.get('/api/audit/csv?action=Opened%20Parents%20Contact')).body);
    expect(csv.slice(1)).toEqual([expect.stringMatching(/^[\d: -]+,registrar,admin,Opened Parents Contact,parents-contact\.viewed,20260001,/)]);
  });

  it('takes the pattern characters of an action as they are', async () => {
    await logRows([{ action: 'file.downloaded' }, { action: 'fileXdownloaded' }]);
    expect((await page('?action=file_')).total).toBe(0);
    expect((await page('?action=%25')).total).toBe(0);
    expect((await page('?action=file.')).total).toBe(1);
  });

  it('refuses bad filters with a clear 422, never a 500', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=two', 'page'],
      ['?page=1.5', 'page'],
      ['?from=yesterday', 'from'],
      ['?to=2026-02-30x', 'to'],
      ['?from=2026-03-05&to=2026-03-01', 'to'],
      [`?staff=${'x'.repeat(101)}`, 'staff'],
      [`?student_id=${'9'.repeat(21)}`, 'student_id'],
    ]) {
      const response = await admin.get(`/api/audit${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });

  it('is for staff only', async () => {
    const { client } = await signedInStudent(t);
    expect((await client.get('/api/audit')).statusCode).toBe(403);
    expect((await client.get('/api/audit/csv')).statusCode).toBe(403);
    const visitor = await new TestClient(t.app).start();
    expect((await visitor.get('/api/audit')).statusCode).toBe(401);
  });
});

/** The CSV's lines, its byte-order mark dropped. */
const csvLines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .slice(0, -1);

describe('the audit log CSV', () => {
  it('holds every matching entry in the school’s time, newest first, as a download, and is itself logged', async () => {
    await logRows(Array.from({ length: 2105 }, (_, index) => ({ detail: `row ${index}`, student_id: index % 2 ? '20260001' : '20260002' })));
    const response = await admin.get('/api/audit/csv?student_id=20260001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Audit Log \d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = csvLines(response.body);
    expect(lines[0]).toBe('When,Who,Role,What,Action,Student ID,From,Detail');
    // The export itself, logged before the file is written, then the 1,052 rows about the student.
    expect(lines).toHaveLength(1 + 1 + 1052);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},registrar,admin,Downloaded the audit log,audit\.exported,20260001,10\.0\.0\.1,student 20260001: 1 student$/,
    );
    // Row 2103 was logged at 12:00 UTC + 2103 minutes on 1 March: 2 March 23:03 UTC, 19:03 in Port of Spain.
    expect(lines[2]).toBe('2026-03-02 19:03:00,registrar,admin,Opened a student’s registration record,student.record-viewed,20260001,10.0.0.9,row 2103');
    expect(lines.at(-1)).toContain(',row 1');
    const exported = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'audit.exported').execute();
    expect(exported).toMatchObject([{ actor_id: 'registrar', student_id: '20260001', detail: 'student 20260001: 1 student' }]);
  });

  it('writes a cell that would run as a formula as text', async () => {
    await logRows([
      { actor_kind: 'visitor', actor_id: '=HYPERLINK("http://evil.example","open")', detail: '+SUM(1,2)', action: 'admin.sign-in-failed', student_id: null },
    ]);
    const lines = csvLines((await admin.get('/api/audit/csv?action=admin.sign-in')).body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""open"")",,Sign-in refused,admin.sign-in-failed,,10.0.0.9,"'+SUM(1,2)"`);
  });

  it('refuses bad filters as the screen does', async () => {
    const response = await admin.get('/api/audit/csv?from=soon');
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
