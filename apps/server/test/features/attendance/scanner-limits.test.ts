import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScannerToken } from '../../../src/features/attendance/index.ts';
import { scannerFailures } from '../../../src/features/attendance/routes.ts';
import { createStudent } from '../../helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => t.close());

/** A scanner's batch sent with this Authorization header, from `ip` (or through the trusted proxy for `forwardedFor`). */
const send = (authorization: string, body: unknown, { ip = '10.8.0.1', forwardedFor }: { ip?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/attendance-scans',
    remoteAddress: forwardedFor ? '127.0.0.1' : ip,
    headers: { authorization, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: body as object,
  });

const scan = (studentId: string, scannedAt: string) => [{ scan_id: `s-${scannedAt}`, student_id: studentId, scanned_at: scannedAt, direction: 'in' }];

describe('failed scanner tokens are limited per address', () => {
  it('answers 429 after the failures one address may make, whatever bogus token each call carries', async () => {
    const student = await createStudent(t.db);
    const statuses: number[] = [];
    for (let call = 0; call < scannerFailures.max + 3; call += 1) {
      statuses.push((await send(`Bearer scn_bogus-${call}`, scan(student.id, '2026-11-02T07:50:00-04:00'), { ip: '10.8.1.1' })).statusCode);
    }
    expect(statuses.slice(0, scannerFailures.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(scannerFailures.max)).toEqual([429, 429, 429]);
    const refused = await send('Bearer scn_one-more', scan(student.id, '2026-11-02T07:50:00-04:00'), { ip: '10.8.1.1' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back, and a real scanner there is served.
    const token = await createScannerToken(t.db, 'gate-limits');
    expect((await send(`Bearer ${token}`, scan(student.id, '2026-11-02T07:51:00-04:00'), { ip: '10.8.1.2' })).statusCode).toBe(200);
  });

  it('counts rotating IPv6 addresses of one /64 behind the trusted proxy as one address', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < scannerFailures.max + 2; call += 1) {
      const forwardedFor = `2001:db8:77:1:${(call + 1).toString(16)}::${call + 1}`;
      statuses.push((await send(`Bearer scn_rotating-${call}`, scan('20260001', '2026-11-02T07:50:00-04:00'), { forwardedFor })).statusCode);
    }
    expect(statuses.slice(scannerFailures.max)).toEqual([429, 429]);
  });
});

describe('scan times a scanner may send', () => {
  it('refuses a scan from before 2000, or more than a day ahead, with a message saying what to check', async () => {
    const token = await createScannerToken(t.db, 'gate-clock');
    const student = await createStudent(t.db);
    const old = await send(`Bearer ${token}`, scan(student.id, '1999-12-31T23:59:59Z'), { ip: '10.8.2.1' });
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe(messages.scanTimeRange);
    const ahead = new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString();
    const future = await send(`Bearer ${token}`, scan(student.id, ahead), { ip: '10.8.2.1' });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe(messages.scanTimeRange);
    // A clock a little fast is no reason to refuse.
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await send(`Bearer ${token}`, scan(student.id, soon), { ip: '10.8.2.1' })).statusCode).toBe(200);
    expect(await t.db.selectFrom('attendance_scans').select('id').where('student_id', '=', student.id).execute()).toHaveLength(1);
  });
});
