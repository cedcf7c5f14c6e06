import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import {
  adminApp,
  completeRecordFields,
  createAdminUser,
  createStudent,
  signedInStaff,
  signInAsAdmin,
  signInAsStudent,
  STUDENT_PASSWORD,
} from '../../helpers/factories.ts';
import { startSmtpServer } from '../../helpers/smtp-server.ts';
import { serverSecret } from '../../../src/db/server-secret.ts';
import { stopLink, stopToken } from '../../../src/features/notifications/stop-links.ts';
import { giveTerm } from '../term-reports/term-reports-helpers.ts';
import { recordEndedSchoolDays } from '../../../src/features/attendance/index.ts';
import { zonedLocalToUtc } from '../../../src/lib/time-zone.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('outbox').execute();
  await t.db.deleteFrom('term_results').execute();
  await t.db.deleteFrom('term_summaries').execute();
  await t.db.deleteFrom('term_reports').execute();
  await t.db.updateTable('notification_settings').set({ enabled: 1 }).where('kind', '!=', 'absence').execute();
});

const post = (year: number, term: string, posted: 0 | 1) => admin.post('/api/post-term-reports', { year, term, posted });
const outbox = () => t.db.selectFrom('outbox').selectAll().orderBy('id').execute();

/** A student of a term, with the e-mail fields given. */
async function termStudent(fields: Record<string, string | null>, term = { year: 2025, term: '2' }) {
  const student = await createStudent(t.db, { first_name: 'Kezia', ...fields });
  await giveTerm(t.db, student.id, term);
  return student;
}

describe('report cards posted', () => {
  it('queues one message to the student and to each parent she lives with, by living status', async () => {
    const mother = await termStudent({
      email: 'girl1@example.org',
      living_status: 'Mother Only',
      email_mother: 'mum1@example.org',
      email_father: 'dad1@example.org',
    });
    const both = await termStudent({
      email: null,
      living_status: 'Both Parents',
      email_mother: 'mum2@example.org',
      email_father: 'dad2@example.org',
      email_guardian: 'g2@example.org',
    });
    const guardian = await termStudent({
      email: 'girl3@example.org',
      living_status: 'Guardian',
      email_mother: 'mum3@example.org',
      email_guardian: 'g3@example.org',
    });
    const other = await termStudent({ email: 'girl4@example.org', living_status: 'Other', email_mother: 'mum4@example.org' });
    // Invalid addresses are left out, and one address given twice gets one message.
    const odd = await termStudent({
      email: 'not an address',
      living_status: 'Both Parents',
      email_mother: 'Same@example.org',
      email_father: 'same@example.org',
    });
    await termStudent({ email: 'other-term@example.org', living_status: 'Other' }, { year: 2025, term: '3' });

    expect((await post(2025, '2', 1)).statusCode).toBe(200);
    const rows = await outbox();
    const to = (id: string) =>
      rows
        .filter((row) => row.student_id === id)
        .map((row) => row.recipient)
        .sort();
    expect(to(mother.id)).toEqual(['girl1@example.org', 'mum1@example.org']);
    expect(to(both.id)).toEqual(['dad2@example.org', 'mum2@example.org']);
    expect(to(guardian.id)).toEqual(['g3@example.org', 'girl3@example.org']);
    expect(to(other.id)).toEqual(['girl4@example.org']);
    expect(to(odd.id)).toEqual(['Same@example.org']);
    expect(new Set(rows.map((row) => row.student_id)).size).toBe(5);
    const [first] = await outbox();
    expect(first).toMatchObject({ kind: 'report_posted', status: 'queued', attempts: 0, sent_at: null });
    expect(first?.text_body).toContain('The Term 2, Hilary, 2025-2026 report of Kezia is ready in the portal.');
    expect(first?.text_body).toContain(`${t.config.portalUrl}/`);
    expect(first?.text_body).toContain(`please contact the school office of ${t.config.schoolName}`);
  });

  it('queues nothing when the school has switched report-card messages off, or for a term posted again', async () => {
    await termStudent({ email: 'girl@example.org', living_status: 'Other' });
    const off = await admin.request('PUT', '/api/notification-settings', { report_posted: false, absence: false, reminders: true, staff_security: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ report_posted: false, absence: false, reminders: true, staff_security: true });
    await post(2025, '2', 1);
    expect(await outbox()).toHaveLength(0);
    await admin.request('PUT', '/api/notification-settings', { report_posted: true, absence: false, reminders: true, staff_security: true });
    await post(2025, '2', 1);
    expect(await outbox()).toHaveLength(0);
  });

  it('cancels the unsent messages when the term is withdrawn, leaving sent ones as they were', async () => {
    await termStudent({ email: 'girl@example.org', living_status: 'Mother Only', email_mother: 'mum@example.org' });
    await post(2025, '2', 1);
    const [sentOne] = await outbox();
    await t.db.updateTable('outbox').set({ status: 'sent', sent_at: new Date().toISOString() }).where('id', '=', sentOne!.id).execute();
    expect((await post(2025, '2', 0)).statusCode).toBe(200);
    expect((await outbox()).map((row) => row.status)).toEqual(['sent', 'cancelled']);
  });

  it("writes the posting's messages to the audit log as a count, never their bodies", async () => {
    await termStudent({ email: 'girl@example.org', living_status: 'Mother Only', email_mother: 'mum@example.org' });
    await termStudent({ email: 'other@example.org', living_status: 'Other' });
    await post(2025, '2', 1);
    const row = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'notification.queued').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([row.actor_id, row.detail, row.student_id]).toEqual(['registrar', '3 report_posted messages', null]);
  });
});

describe('what a message may contain', () => {
  it("carries none of the student's other fields, marks, remarks or health words, whatever its kind", async () => {
    const record: Record<string, string | number> = {
      ...completeRecordFields,
      first_name: 'Kezia',
      middle_name: 'Abigail',
      last_name: 'Ramoutar',
      date_of_birth: '2012-04-17',
      birth_certificate_no: 'BC778899',
      living_status: 'Both Parents',
      mother_name: 'Joy Ramoutar',
      father_name: 'Dev Ramoutar',
      email_mother: 'joy@example.org',
      email_father: 'dev@example.org',
      phone_home: '868-555-0199',
      medical_history: 'Broken wrist',
      other_illness: 'Migraines',
      allergy: 'Peanuts',
      special_consideration: 'Extra time',
      achivements: 'Chess champion',
      asthma: 1,
      diabetes: 1,
    };
    const student = await createStudent(t.db, record);
    await giveTerm(t.db, student.id, { year: 2025, term: '2', marks: { Mathematics: 87, Chemistry: 43 } });
    await post(2025, '2', 1);
    await t.db.updateTable('registration_status').set({ open: 1, deadline: null }).execute();
    expect((await admin.post('/api/registration-reminders', { dry_run: false })).statusCode).toBe(200);
    // Absent on a school day whose attendance is recorded (another student came).
    await t.db.updateTable('notification_settings').set({ enabled: 1 }).where('kind', '=', 'absence').execute();
    await t.db.insertInto('terms').values({ year: 2025, term: '1', start_date: '2025-11-17', end_date: '2025-11-21' }).execute();
    const other = await createStudent(t.db, {});
    await t.db
      .insertInto('attendance_records')
      .values({
        student_id: other.id,
        date_scanned: '2025-11-19',
        attendance_am: 1,
        attendance_pm: 1,
        late: 0,
        time_in: '07:30:00',
        time_out: null,
        time_scanned_in: null,
        time_scanned_out: null,
      })
      .execute();
    await recordEndedSchoolDays(t.app.deps, new Date(zonedLocalToUtc('2025-11-19T16:00', t.config.schoolTimeZone)));
    await t.db.deleteFrom('terms').execute();
    await t.db.updateTable('notification_settings').set({ enabled: 0 }).where('kind', '=', 'absence').execute();
    const messages = (await outbox()).filter((row) => row.student_id === student.id);
    expect(messages.map((row) => row.kind).sort()).toEqual([
      'absence',
      'absence',
      'reminders',
      'reminders',
      'reminders',
      'report_posted',
      'report_posted',
      'report_posted',
    ]);
    const forbidden = [
      ...Object.entries(record)
        .filter(([field]) => !['first_name', 'living_status', 'email', 'email_mother', 'email_father', 'asthma', 'diabetes'].includes(field))
        .map(([, value]) => String(value)),
      student.id,
      'Mathematics',
      'Chemistry',
      '87',
      '43',
      'Very Good',
      'A steady term.',
      'Keep it up.',
      'asthma',
      'diabetes',
      'mark',
      'grade',
      'password',
    ];
    for (const message of messages) {
      for (const part of [message.subject, message.text_body, message.html_body]) {
        // A code of a character or two (an ethnic group's '1') is looked for as a word: a date's digits are no leak.
        const words = part.toLowerCase().split(/[^a-z0-9]+/);
        for (const word of forbidden)
          if (word.length <= 2) expect(words, `${message.kind} holds ${word}`).not.toContain(word.toLowerCase());
          else expect(part.toLowerCase(), `${message.kind} holds ${word}`).not.toContain(word.toLowerCase());
      }
      // Its one link is the portal's sign-in, or for an absence the parent's stop link.
      const links = [...message.html_body.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      if (message.kind === 'absence') expect(links.map((link) => link.split('?')[0])).toEqual([`${t.config.portalUrl}/api/notifications/stop`]);
      else expect(links).toEqual([`${t.config.portalUrl}/`]);
    }
  });
});

describe('GET /api/messages and POST /api/messages/{id}/retry', () => {
  it('lists messages newest first with filters and a total, and says no mail server is set up', async () => {
    await termStudent({ email: 'a@example.org', living_status: 'Mother Only', email_mother: 'b@example.org' });
    await post(2025, '2', 1);
    const [older] = await outbox();
    await t.db.updateTable('outbox').set({ status: 'failed', last_error: '550 Mailbox unavailable' }).where('id', '=', older!.id).execute();
    const all = await admin.get('/api/messages');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(2);
    expect(body.mail_server).toBe(false);
    expect(Object.keys(body.items[0]).sort()).toEqual([
      'attempts',
      'created_at',
      'guardian',
      'id',
      'kind',
      'last_error',
      'recipient',
      'sent_at',
      'status',
      'subject',
    ]);
    const failed = await admin.get('/api/messages?status=failed&kind=report_posted');
    expect(failed.json()).toMatchObject({ total: 1, items: [{ id: older!.id, status: 'failed', last_error: '550 Mailbox unavailable' }] });
    expect((await admin.get('/api/messages?status=queued')).json().total).toBe(1);
    expect((await admin.get('/api/messages?kind=absence')).json().total).toBe(0);
    expect((await admin.get('/api/messages?page=2')).json()).toMatchObject({ total: 2, items: [] });
    expect((await admin.get('/api/messages?status=lost')).statusCode).toBe(422);
    expect((await admin.get('/api/messages?page=0')).statusCode).toBe(422);
  });

  it('keeps staff security notices from the office: neither listed, shown nor sent again for her, as for an admin they are', async () => {
    const at = new Date().toISOString();
    const stored = { status: 'queued' as const, attempts: 0, next_attempt_at: at, created_at: at, student_id: null };
    await t.db
      .insertInto('outbox')
      .values([
        {
          ...stored,
          kind: 'staff_security',
          recipient: 'head@school.test',
          subject: 'a new sign-in to your staff account',
          text_body: 'signed in',
          html_body: '<p>signed in</p>',
          event: 'staff-security.signed-in:head',
        },
        {
          ...stored,
          kind: 'reminders',
          recipient: 'mum@example.org',
          subject: 'registration is not finished',
          text_body: 'finish',
          html_body: '<p>finish</p>',
          event: 'reminder:1',
        },
      ])
      .execute();
    const [notice] = (await outbox()).filter((row) => row.kind === 'staff_security');
    await t.db.updateTable('outbox').set({ status: 'failed' }).where('id', '=', notice!.id).execute();
    const office = await signedInStaff(t.app, t.db, 'office-reader', { role: 'office' });

    const listed = (await office.get('/api/messages')).json();
    expect(listed.items.map((item: { kind: string }) => item.kind)).toEqual(['reminders']);
    expect(listed.total).toBe(1);
    expect((await office.get('/api/messages?kind=staff_security')).json()).toMatchObject({ total: 0, items: [] });
    const shown = await office.get(`/api/messages/${notice!.id}`);
    expect(shown.statusCode).toBe(404);
    expect(shown.json().message).toBe((await office.get('/api/messages/999999')).json().message);
    expect((await office.post(`/api/messages/${notice!.id}/retry`, {})).statusCode).toBe(404);

    expect((await admin.get('/api/messages')).json().total).toBe(2);
    expect((await admin.get(`/api/messages/${notice!.id}`)).json()).toMatchObject({ kind: 'staff_security', text: 'signed in' });
  });

  it('shows a message as its recipient reads it', async () => {
    await termStudent({ email: 'a@example.org', living_status: 'Other' });
    await post(2025, '2', 1);
    const [row] = await outbox();
    const shown = await admin.get(`/api/messages/${row!.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: row!.id, recipient: 'a@example.org', text: row!.text_body, html: row!.html_body });
    expect((await admin.get('/api/messages/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/messages/abc')).statusCode).toBe(422);
  });

  it('sends a failed message again from the start, and refuses one that has not failed', async () => {
    await termStudent({ email: 'a@example.org', living_status: 'Other' });
    await post(2025, '2', 1);
    const [row] = await outbox();
    expect((await admin.post(`/api/messages/${row!.id}/retry`)).statusCode).toBe(409);
    await t.db.updateTable('outbox').set({ status: 'failed', attempts: 9, last_error: 'gone' }).where('id', '=', row!.id).execute();
    const again = await admin.post(`/api/messages/${row!.id}/retry`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'queued', attempts: 0, last_error: null });
    expect((await admin.post('/api/messages/999999/retry')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.0.0.7');
    await signInAsStudent(client, student.id);
    const visitor = await new TestClient(t.app, '10.0.0.8').start();
    for (const url of ['/api/messages', '/api/messages/1', '/api/notification-settings']) {
      expect((await client.get(url)).statusCode).toBe(403);
      expect((await visitor.get(url)).statusCode).toBe(401);
    }
    expect((await client.post('/api/messages/1/retry')).statusCode).toBe(403);
  });
});

describe('GET and PUT /api/notification-settings', () => {
  it('has report cards, reminders and staff notices on and absences off at first, and refuses a bad body', async () => {
    await t.db.updateTable('notification_settings').set({ enabled: 0 }).where('kind', '=', 'absence').execute();
    expect((await admin.get('/api/notification-settings')).json()).toEqual({ report_posted: true, absence: false, reminders: true, staff_security: true });
    const bad = await admin.request('PUT', '/api/notification-settings', { report_posted: 'yes' });
    expect(bad.statusCode).toBe(422);
    const audit = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'notification-settings.changed').execute();
    expect(audit.every((row) => row.detail?.includes('report_posted'))).toBe(true);
  });
});

describe('GET /api/notification-settings/preview', () => {
  it("shows each kind's message about a made-up student, built as the real ones are, and is the admin's", async () => {
    const response = await admin.get('/api/notification-settings/preview');
    expect(response.statusCode).toBe(200);
    const preview: Array<{ kind: string; subject: string; text: string }> = response.json();
    expect(preview.map((item) => item.kind)).toEqual(['report_posted', 'absence', 'reminders', 'staff_security']);
    const [report, absence, reminders, staffSecurity] = preview;
    expect(report.subject).toBe(`${t.config.schoolName}: a report card is ready`);
    expect(report.text).toMatch(/^The Term 1, \w+, \d{4}-\d{4} report of Amelia is ready in the portal\. Sign in to read it\./);
    expect(absence.text).toMatch(/^On \w+ \d+ \w+ \d{4}, Amelia arrived at 08:20\./);
    expect(absence.text).toContain(`${t.config.portalUrl}/api/notifications/stop?token=…`);
    expect(reminders.text).toContain('Still to do: Family Data, Health Data.');
    expect(staffSecurity.subject).toBe(`${t.config.schoolName}: a new sign-in to your staff account`);
    expect(staffSecurity.text).toMatch(
      /^Your staff account jsmith was signed in to on \w+ \d+ \w+ \d{4} at \d\d:\d\d \(school time\) from a browser it has not used lately \(Firefox on Windows\)\./,
    );
    expect(staffSecurity.text).toContain("If it was not you, please tell the school's admin at once");
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.0.0.31');
    await signInAsStudent(client, student.id, STUDENT_PASSWORD);
    expect((await client.get('/api/notification-settings/preview')).statusCode).toBe(403);
  });
});

describe('with a mail server', () => {
  it('sends what a posting queues, by the sender the server runs', async () => {
    const smtp = await startSmtpServer();
    const mailing = await buildTestApp({ smtpUrl: smtp.url, mailFrom: 'Office <office@school.test>' });
    try {
      await createAdminUser(mailing.db);
      const client = new TestClient(mailing.app, '10.0.0.5');
      await signInAsAdmin(client);
      const student = await createStudent(mailing.db, {
        first_name: 'Aaliyah',
        email: 'aaliyah@example.org',
        living_status: 'Mother Only',
        email_mother: 'mum@example.org',
      });
      await giveTerm(mailing.db, student.id, { year: 2025, term: '1' });
      expect((await client.post('/api/post-term-reports', { year: 2025, term: '1', posted: 1 })).statusCode).toBe(200);
      const received = await smtp.waitFor(2);
      expect(received.flatMap((mail) => mail.to).sort()).toEqual(['aaliyah@example.org', 'mum@example.org']);
      expect(received[0]?.from).toBe('office@school.test');
      const listed = (await client.get('/api/messages')).json();
      await expect.poll(async () => (await client.get('/api/messages?status=sent')).json().total).toBe(2);
      expect(listed.mail_server).toBe(true);
      // Each message sent is in the audit log: its kind and recipient, never its body.
      const audit = await mailing.db.selectFrom('audit_log').selectAll().where('action', '=', 'notification.sent').orderBy('detail').execute();
      expect(audit.map((row) => [row.actor_kind, row.student_id, row.detail])).toEqual([
        ['system', student.id, 'report_posted to aaliyah@example.org'],
        ['system', student.id, 'report_posted to mum@example.org'],
      ]);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe('POST /api/registration-reminders', () => {
  it('counts on a dry run, then queues the steps still to do and the deadline to unfinished students of open form levels and their parents', async () => {
    await t.db.updateTable('registration_status').set({ open: 0, deadline: null }).execute();
    await t.db.updateTable('registration_status').set({ open: 1, deadline: '2099-06-30T03:59:00.000Z' }).where('form_level', '=', 4).execute();
    const unfinished = await createStudent(t.db, {
      class_id: '4A',
      first_name: 'Nadia',
      email: 'nadia@example.org',
      living_status: 'Both Parents',
      email_mother: 'm@example.org',
      email_father: 'f@example.org',
    });
    await t.db.updateTable('form_progress').set({ studentData: 1, familyData: 1 }).where('student_id', '=', unfinished.id).execute();
    const finished = await createStudent(t.db, { class_id: '4B', email: 'done@example.org', living_status: 'Other' });
    await t.db
      .updateTable('form_progress')
      .set({ studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1 })
      .where('student_id', '=', finished.id)
      .execute();
    // Form 1 is closed: its students are not reminded.
    await createStudent(t.db, { class_id: '1A', email: 'closed@example.org', living_status: 'Other' });

    const dry = await admin.post('/api/registration-reminders', { dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({ dry_run: true, students: 1, recipients: 3 });
    expect(await outbox()).toHaveLength(0);
    expect((await admin.post('/api/registration-reminders', {})).json()).toMatchObject({ dry_run: true });

    const sent = await admin.post('/api/registration-reminders', { dry_run: false });
    expect(sent.json()).toEqual({ dry_run: false, students: 1, recipients: 3 });
    const rows = await outbox();
    expect(rows.map((row) => row.recipient).sort()).toEqual(['f@example.org', 'm@example.org', 'nadia@example.org']);
    expect(rows[0]?.kind).toBe('reminders');
    expect(rows[0]?.text_body).toContain('The registration of Nadia in the portal is not finished yet.');
    expect(rows[0]?.text_body).toContain('Still to do: Health Data, Other Data, Documents.');
    // The deadline in school time (America/Port_of_Spain, UTC-4).
    expect(rows[0]?.text_body).toContain('The deadline is 2099-06-29 at 23:59.');
    expect(rows[0]?.text_body).toContain('please contact the school office');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'registration-reminders.sent')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit?.detail).toBe('1 students, 3 messages');
  });

  it('refuses to send while reminders are switched off, and refuses a bad body', async () => {
    await t.db.updateTable('notification_settings').set({ enabled: 0 }).where('kind', '=', 'reminders').execute();
    expect((await admin.post('/api/registration-reminders', { dry_run: false })).statusCode).toBe(409);
    expect((await admin.post('/api/registration-reminders', { dry_run: 'no' })).statusCode).toBe(422);
    expect(await outbox()).toHaveLength(0);
  });
});

/** The school year of now (September starts one), as a message sent today names it in its stop link. */
const thisSchoolYear = () => new Date().getUTCFullYear() - (new Date().getUTCMonth() >= 8 ? 0 : 1);

/** The stop page's button, as a browser sends it: an empty HTML form posted to the page's own address. */
const pressStop = (client: TestClient, path: string) => client.request('POST', path, '', { 'content-type': 'application/x-www-form-urlencoded' });

describe('the stop link of absence messages', () => {
  it("opens a page whose button stops a parent's absence messages about the student, with no sign-in, which the admin sees", async () => {
    const student = await createStudent(t.db, { living_status: 'Mother Only', email_mother: 'mum@example.org' });
    const link = stopLink(t.config.portalUrl, await serverSecret(t.db), { studentId: student.id, recipient: 'mum@example.org', schoolYear: thisSchoolYear() });
    expect(link.startsWith(`${t.config.portalUrl}/api/notifications/stop?token=`)).toBe(true);
    await t.db
      .insertInto('outbox')
      .values({
        ...queuedAbsence(student.id, 'mum@example.org'),
        status: 'queued',
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    const parent = new TestClient(t.app, '10.0.0.20');
    const path = link.slice(t.config.portalUrl.length);
    // Opening the link (a mail scanner does) only shows the page and its button.
    const opened = await parent.get(path);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.body).toContain('Stop absence messages?');
    expect(opened.body).toContain('<form method="post"><button type="submit">Stop these messages</button></form>');
    expect(opened.body).not.toContain(student.first_name);
    expect((await outbox()).map((row) => row.status)).toEqual(['queued']);
    expect((await admin.get(`/api/notification-stops/${student.id}`)).json()).toEqual([]);

    // The button stops them; a second press changes nothing.
    const page = await pressStop(parent, path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Absence messages stopped');
    expect(page.body).not.toContain(student.first_name);
    expect((await pressStop(parent, path)).statusCode).toBe(200);
    expect((await outbox()).map((row) => row.status)).toEqual(['cancelled']);

    const stops = await admin.get(`/api/notification-stops/${student.id}`);
    expect(stops.statusCode).toBe(200);
    expect(stops.json()).toEqual([{ recipient: 'mum@example.org', kind: 'absence', stopped_at: expect.any(String) }]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'notification.stopped').where('student_id', '=', student.id).execute();
    expect(audit.map((row) => [row.actor_kind, row.detail])).toEqual([
      ['visitor', 'absence to mum@example.org'],
      ['visitor', 'absence to mum@example.org'],
    ]);
  });

  it('expires with the school year of its message: the page says so and its button stops nothing', async () => {
    const student = await createStudent(t.db, {});
    const secret = await serverSecret(t.db);
    const parent = new TestClient(t.app, '10.0.0.22');
    const pathOf = (schoolYear: number) =>
      `/api/notifications/stop?token=${encodeURIComponent(stopToken(secret, { studentId: student.id, recipient: 'dad@example.org', schoolYear }))}`;
    for (const path of [pathOf(thisSchoolYear() - 1), pathOf(thisSchoolYear() - 5)]) {
      const opened = await parent.get(path);
      expect(opened.statusCode).toBe(410);
      expect(opened.body).toContain('This link has expired');
      expect(opened.body).not.toContain('<form');
      const pressed = await pressStop(parent, path);
      expect(pressed.statusCode).toBe(410);
    }
    expect((await admin.get(`/api/notification-stops/${student.id}`)).json()).toEqual([]);
    // Its own school year's link works to its last day.
    expect((await parent.get(pathOf(thisSchoolYear()))).statusCode).toBe(200);
  });

  it('refuses a link whose token was changed or cut short, or made before links carried their year, stopping nothing', async () => {
    const student = await createStudent(t.db, {});
    const secret = await serverSecret(t.db);
    const token = stopToken(secret, { studentId: student.id, recipient: 'mum@example.org', schoolYear: thisSchoolYear() });
    const other = stopToken(Buffer.alloc(32, 1), { studentId: student.id, recipient: 'mum@example.org', schoolYear: thisSchoolYear() });
    // A token as links were signed before they expired: no school year.
    const payload = Buffer.from(JSON.stringify({ s: student.id, r: 'mum@example.org' })).toString('base64url');
    const yearless = `${payload}.${createHmac('sha256', secret).update(`notification-stop:absence:${payload}`).digest('base64url')}`;
    const parent = new TestClient(t.app, '10.0.0.21');
    for (const bad of [token.slice(0, -3), `${token.split('.')[0]}.${other.split('.')[1]}`, 'nonsense', `${token}.x`, yearless]) {
      const page = await parent.get(`/api/notifications/stop?token=${encodeURIComponent(bad)}`);
      expect(page.statusCode, bad).toBe(400);
      expect(page.body).toContain('This link is not valid');
      expect((await pressStop(parent, `/api/notifications/stop?token=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }
    expect((await parent.get('/api/notifications/stop')).statusCode).toBe(422);
    expect((await admin.get(`/api/notification-stops/${student.id}`)).json()).toEqual([]);
  });
});

function queuedAbsence(studentId: string, recipient: string) {
  return {
    kind: 'absence',
    recipient,
    subject: 'Absence',
    text_body: 'absent',
    html_body: '<p>absent</p>',
    event: `absence:${studentId}`,
    student_id: studentId,
  };
}
