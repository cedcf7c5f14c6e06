import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent, signedInStaff, signedInStudent, type TestStudent } from '../../helpers/factories.ts';
import { zonedDay } from '../../../src/lib/time-zone.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';

// Small allowances, so that a test reads past them quickly; the school's defaults are 60 and 200.
const OFFICE_HOURLY = 10;
const ADMIN_HOURLY = 15;
const DAILY = 4;

let t: TestApp;
let students: TestStudent[];
beforeAll(async () => {
  t = await buildTestApp({ exportDailyLimit: DAILY, recordReadsPerHour: { office: OFFICE_HOURLY, admin: ADMIN_HOURLY }, staffMfa: 'optional' });
  students = [];
  for (let index = 0; index < 60; index += 1) students.push(await createStudent(t.db, { class_id: index % 2 ? '1A' : '1B' }));
});
afterAll(() => t.close());

/** The school's day, as the allowance counts it. */
const today = () => zonedDay(new Date(), t.config.schoolTimeZone);

const idOf = async (username: string) => (await t.db.selectFrom('admin_users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** Gives the account an authenticator-app secret, and its sessions a second factor given `minutesAgo`. */
async function withFactor(username: string, minutesAgo: number) {
  const id = await idOf(username);
  await t.db.updateTable('admin_users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', id).execute();
  await t.db
    .updateTable('sessions')
    .set({ second_factor_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
    .where('admin_id', '=', id)
    .execute();
}

/** Her records read in this hour's row (every hour's, summed: a test may run across the hour). */
const hourReads = async (username: string) =>
  (
    await t.db
      .selectFrom('record_read_hours')
      .select('reads')
      .where('admin_id', '=', await idOf(username))
      .execute()
  ).reduce((sum, row) => sum + Number(row.reads), 0);

const dayRow = async (username: string) =>
  t.db
    .selectFrom('export_allowance')
    .selectAll()
    .where('admin_id', '=', await idOf(username))
    .orderBy('day', 'desc')
    .executeTakeFirst();

const statusesOf = (answers: Array<{ statusCode: number }>) => answers.map((answer) => answer.statusCode);
const count = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

describe('single-record reads past the hour’s allowance', () => {
  it('lets no more than the allowance of 50 reads asked for at once through without a fresh factor, and asks for it for the rest', async () => {
    const office = await signedInStaff(t.app, t.db, 'reads-office', { role: 'office' });
    await withFactor('reads-office', 16);
    const answers = await Promise.all(students.slice(0, 50).map((student) => office.get(`/api/student/${student.id}`)));
    const statuses = statusesOf(answers);
    expect(count(statuses, 200)).toBe(OFFICE_HOURLY);
    expect(count(statuses, 403)).toBe(50 - OFFICE_HOURLY);
    const refused = answers.find((answer) => answer.statusCode === 403)!;
    expect(refused.json()).toEqual({ code: 'step_up_required', message: messages.stepUpForRecords, enrolled: true });
    // A refused read leaves no count behind.
    expect(await hourReads('reads-office')).toBe(OFFICE_HOURLY);
    expect(Number((await dayRow('reads-office'))?.record_reads)).toBe(OFFICE_HOURLY);

    // A record read already this hour is free; a new one is not.
    const read = students.slice(0, 50).filter((_, index) => answers[index]!.statusCode === 200);
    const unread = students.slice(0, 50).filter((_, index) => answers[index]!.statusCode === 403);
    expect((await office.get(`/api/student/${read[0]!.id}`)).statusCode).toBe(200);
    expect((await office.get(`/api/get-files/${read[0]!.id}`)).statusCode).toBe(200);
    expect((await office.get(`/api/student/${unread[0]!.id}`)).statusCode).toBe(403);

    // With the factor given again, she reads on, each record counted.
    await withFactor('reads-office', 1);
    const again = await Promise.all(unread.slice(0, 5).map((student) => office.get(`/api/student/${student.id}`)));
    expect(statusesOf(again)).toEqual([200, 200, 200, 200, 200]);
    expect(await hourReads('reads-office')).toBe(OFFICE_HOURLY + 5);
  });

  it('counts the registration form, documents, the data file, history and changes as reads of the record', async () => {
    const office = await signedInStaff(t.app, t.db, 'reads-roads', { role: 'office' });
    await withFactor('reads-roads', 16);
    const roads = [
      (id: string) => `/api/registration-form/${id}`,
      (id: string) => `/api/get-files/${id}`,
      (id: string) => `/api/student-data-files/${id}`,
      (id: string) => `/api/student/${id}/history`,
      (id: string) => `/api/student/${id}/changes`,
      (id: string) => `/api/files/${id}/birth_certificate`,
    ];
    const statuses = [];
    for (let index = 0; index < OFFICE_HOURLY + roads.length; index += 1) {
      const answer = await office.get(roads[index % roads.length]!(students[index]!.id));
      statuses.push(answer.statusCode);
    }
    expect(count(statuses, 403)).toBe(roads.length);
    expect(statuses.slice(OFFICE_HOURLY).every((status) => status === 403)).toBe(true);
    expect(await hourReads('reads-roads')).toBe(OFFICE_HOURLY);
  });

  it('gives an admin her own, larger allowance', async () => {
    const admin = await signedInStaff(t.app, t.db, 'reads-admin', { role: 'admin' });
    await withFactor('reads-admin', 16);
    const statuses = statusesOf(await Promise.all(students.slice(0, 30).map((student) => admin.get(`/api/student/${student.id}`))));
    expect(count(statuses, 200)).toBe(ADMIN_HOURLY);
  });

  it('never counts a student reading her own record, nor a teacher’s health alerts and Parents Contact of her class', async () => {
    const { student, client } = await signedInStudent(t, { class_id: '1A' });
    for (let index = 0; index < OFFICE_HOURLY + 2; index += 1) expect((await client.get(`/api/student/${student.id}`)).statusCode).toBe(200);
    const teacher = await signedInStaff(t.app, t.db, 'reads-teacher', { role: 'teacher', classes: ['1A'] });
    await withFactor('reads-teacher', 16);
    for (let index = 0; index < OFFICE_HOURLY + 2; index += 1) {
      expect((await teacher.get('/api/health-alerts/1A')).statusCode).toBe(200);
      expect((await teacher.get('/api/parents-contact/1A')).statusCode).toBe(200);
    }
    expect(await hourReads('reads-teacher')).toBe(0);
    expect(await t.db.selectFrom('record_reads').select('student_id').where('student_id', '=', student.id).execute()).toEqual([]);
  });
});

describe('single-record reads against the day’s export allowance', () => {
  it('counts 100 records as one export, and refuses 429 past the allowance, no more than it for 50 reads at once', async () => {
    const office = await signedInStaff(t.app, t.db, 'reads-day', { role: 'office' });
    await withFactor('reads-day', 1);
    // 390 records read today already: 4 exports' worth, with room for 10 more.
    await t.db
      .insertInto('export_allowance')
      .values({ admin_id: await idOf('reads-day'), day: today(), exports: 0, record_reads: 390 })
      .execute();

    const answers = await Promise.all(students.slice(0, 50).map((student) => office.get(`/api/student/${student.id}`)));
    const statuses = statusesOf(answers);
    expect(count(statuses, 200)).toBe(10);
    expect(count(statuses, 429)).toBe(40);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().message).toBe(messages.recordReadsAllowanceUsed(DAILY));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number((await dayRow('reads-day'))?.record_reads)).toBe(400);
    // A bulk export is refused too: the records read have used the day.
    expect((await office.get('/api/parents-contact/all')).statusCode).toBe(429);
  });

  it('shows on the admins’ dashboard who read more than half of the day, and tells every admin once when she crosses it', async () => {
    const admin = await signedInStaff(t.app, t.db, 'reads-watcher', { role: 'admin' });
    await t.db.updateTable('admin_users').set({ email: 'watcher@school.test' }).where('username', '=', 'reads-watcher').execute();
    const office = await signedInStaff(t.app, t.db, 'reads-half', { role: 'office' });
    await withFactor('reads-half', 1);
    await t.db.updateTable('admin_users').set({ email: 'half@school.test' }).where('username', '=', 'reads-half').execute();
    // 200 records: 2 exports, half of 4, not more.
    await t.db
      .insertInto('export_allowance')
      .values({ admin_id: await idOf('reads-half'), day: today(), exports: 0, record_reads: 199 })
      .execute();
    expect((await office.get(`/api/student/${students[0]!.id}`)).statusCode).toBe(200);
    const atHalf = (await admin.get('/api/admin/export-alerts')).json();
    expect(atHalf.staff.map((row: { username: string }) => row.username)).not.toContain('reads-half');

    const answers = await Promise.all(students.slice(1, 6).map((student) => office.get(`/api/student/${student.id}`)));
    expect(statusesOf(answers)).toEqual([200, 200, 200, 200, 200]);
    const past = (await admin.get('/api/admin/export-alerts')).json();
    expect(past.staff).toContainEqual({ username: 'reads-half', display_name: 'reads-half', exports: 3, records_read: 205 });

    const alerts = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'staff_security')
      .where('event', 'like', 'staff-security.many-records:reads-half:%')
      .execute();
    // Every admin with an address (this test's one), once; the office herself is not an admin.
    expect(alerts.map((row) => row.recipient)).toEqual(['watcher@school.test']);
    expect(alerts[0]!.text_body).toContain('reads-half has used 3 of its 4 whole-school exports');
  });
});

describe('the office’s registration day', () => {
  it('never meets the guard: the students table and the Edit dialog, a call every 10 seconds for an hour', async () => {
    const busy = await buildTestApp({ staffMfa: 'optional' });
    try {
      // The school's own allowance (60 an hour), and a factor given long ago: the guard would bite if met.
      const clerk = await signedInStaff(busy.app, busy.db, 'clerk', { role: 'office' });
      const clerkId = (await busy.db.selectFrom('admin_users').select('id').where('username', '=', 'clerk').executeTakeFirstOrThrow()).id;
      await busy.db.updateTable('admin_users').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', clerkId).execute();
      await busy.db
        .updateTable('sessions')
        .set({ second_factor_at: new Date(Date.now() - 60 * 60_000).toISOString() })
        .where('admin_id', '=', clerkId)
        .execute();
      const queue: TestStudent[] = [];
      for (let index = 0; index < 45; index += 1) queue.push(await createStudent(busy.db, { class_id: '1A' }));

      // 360 calls (an hour at one every 10 s): a girl at the counter takes her 80 s, during which
      // the clerk opens her record, looks at her documents and history, saves, and the table reloads.
      const calls = [
        () => `/api/students`,
        (id: string) => `/api/student/${id}`,
        (id: string) => `/api/get-files/${id}`,
        (id: string) => `/api/student/${id}/history`,
        (id: string) => `/api/student/${id}/changes`,
        (id: string) => `/api/registration-form/${id}`,
        (id: string) => `/api/student/${id}`,
        () => '/api/students',
      ];
      const statuses: number[] = [];
      for (let tick = 0; tick < 360; tick += 1) {
        const girl = queue[Math.floor(tick / calls.length)]!;
        statuses.push((await clerk.get(calls[tick % calls.length]!(girl.id))).statusCode);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      const reads = await busy.db.selectFrom('record_read_hours').select('reads').where('admin_id', '=', clerkId).execute();
      expect(reads.reduce((sum, row) => sum + Number(row.reads), 0)).toBe(45);
      expect(Math.max(...reads.map((row) => Number(row.reads)))).toBeLessThanOrEqual(60);
    } finally {
      await busy.close();
    }
  });
});
