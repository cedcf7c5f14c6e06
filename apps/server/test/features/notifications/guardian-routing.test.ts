import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordEndedSchoolDays } from '../../../src/features/attendance/index.ts';
import { zonedLocalToUtc } from '../../../src/lib/time-zone.ts';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian } from '../../helpers/guardians.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { giveTerm } from '../term-reports/term-reports-helpers.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const table of ['outbox', 'term_results', 'term_summaries', 'term_reports', 'attendance_records', 'absence_days', 'absence_notices', 'terms'] as const)
    await t.db.deleteFrom(table).execute();
  await t.db.updateTable('notification_settings').set({ enabled: 1 }).execute();
  await t.db.insertInto('terms').values({ year: 2025, term: '1', start_date: '2025-09-08', end_date: '2025-12-12' }).execute();
});

const outboxOf = (studentId: string) =>
  t.db.selectFrom('outbox').select(['recipient', 'guardian_id', 'kind']).where('student_id', '=', studentId).orderBy('recipient').execute();
const record = { email: 'girl@example.org', living_status: 'Both Parents', email_mother: 'typed-mum@example.org', email_father: 'typed-dad@example.org' };

describe('messages about a girl with linked guardians (decision 064)', () => {
  it('go to her unrestricted guardians who want that kind, at their verified addresses, and no longer to the record’s parent e-mails', async () => {
    const girl = await createStudent(t.db, { first_name: 'Kezia', ...record });
    await giveTerm(t.db, girl.id, { year: 2025, term: '2' });
    const mother = await createGuardian(t.db, { email: 'mother@example.org' });
    const father = await createGuardian(t.db, { email: 'father@example.org' });
    const aunt = await createGuardian(t.db, { email: 'aunt@example.org' });
    await linkGuardian(t.db, mother, girl.id);
    await linkGuardian(t.db, father, girl.id, { relationship: 'father', restricted: true });
    await linkGuardian(t.db, aunt, girl.id, { relationship: 'other' });
    // The aunt wants absence messages only.
    await t.db.updateTable('guardians').set({ message_kinds: 'absence' }).where('id', '=', aunt.id).execute();

    expect((await admin.post('/api/post-term-reports', { year: 2025, term: '2', posted: 1 })).statusCode).toBe(200);
    expect(await outboxOf(girl.id)).toEqual([
      { recipient: 'girl@example.org', guardian_id: null, kind: 'report_posted' },
      { recipient: 'mother@example.org', guardian_id: mother.id, kind: 'report_posted' },
    ]);

    await t.db.deleteFrom('outbox').execute();
    // A school day with scans (a day without any tells no one), at which the girl was not scanned.
    const present = await createStudent(t.db);
    await t.db
      .insertInto('attendance_records')
      .values({
        student_id: present.id,
        date_scanned: '2025-11-19',
        attendance_am: 1,
        attendance_pm: 1,
        late: 0,
        time_in: '07:40:00',
        time_out: null,
        time_scanned_in: '07:40:00',
        time_scanned_out: null,
      })
      .execute();
    expect(await recordEndedSchoolDays(t.app.deps, new Date(zonedLocalToUtc('2025-11-19T15:00', t.config.schoolTimeZone)))).toContain('2025-11-19');
    expect(await outboxOf(girl.id)).toEqual([
      { recipient: 'aunt@example.org', guardian_id: aunt.id, kind: 'absence' },
      { recipient: 'mother@example.org', guardian_id: mother.id, kind: 'absence' },
    ]);
  });

  it('go to none of the record’s parent e-mails while her only link is restricted, so a restricted parent is not reached through the record', async () => {
    const girl = await createStudent(t.db, { first_name: 'Anya', ...record, email_father: 'father2@example.org' });
    await giveTerm(t.db, girl.id, { year: 2025, term: '2' });
    const father = await createGuardian(t.db, { email: 'father2@example.org' });
    await linkGuardian(t.db, father, girl.id, { relationship: 'father', restricted: true });
    expect((await admin.post('/api/post-term-reports', { year: 2025, term: '2', posted: 1 })).statusCode).toBe(200);
    expect(await outboxOf(girl.id)).toEqual([{ recipient: 'girl@example.org', guardian_id: null, kind: 'report_posted' }]);
  });

  it('go to the record’s parent e-mails again once her links are revoked, and the Messages page names the guardian a message went to', async () => {
    const girl = await createStudent(t.db, { first_name: 'Maya', ...record });
    await giveTerm(t.db, girl.id, { year: 2025, term: '2' });
    const mother = await createGuardian(t.db, { email: 'mother3@example.org', name: 'Mrs Ali' });
    await linkGuardian(t.db, mother, girl.id);
    expect((await admin.post('/api/post-term-reports', { year: 2025, term: '2', posted: 1 })).statusCode).toBe(200);
    const page = (await admin.get('/api/messages?kind=report_posted')).json();
    const toMother = page.items.find((item: { recipient: string }) => item.recipient === 'mother3@example.org');
    expect(toMother.guardian).toBe('Mrs Ali');
    expect(page.items.find((item: { recipient: string }) => item.recipient === 'girl@example.org').guardian).toBeNull();

    await t.db.deleteFrom('outbox').execute();
    await t.db.updateTable('guardian_links').set({ revoked_at: new Date().toISOString() }).where('student_id', '=', girl.id).execute();
    expect((await admin.post('/api/post-term-reports', { year: 2025, term: '2', posted: 0 })).statusCode).toBe(200);
    expect((await admin.post('/api/post-term-reports', { year: 2025, term: '2', posted: 1 })).statusCode).toBe(200);
    expect((await outboxOf(girl.id)).map((message) => message.recipient)).toEqual(['girl@example.org', 'typed-dad@example.org', 'typed-mum@example.org']);
  });
});
