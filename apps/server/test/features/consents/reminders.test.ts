import { consentDayInWords, consentMessages, type ConsentForm } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { answerOf, schoolDay, tripForm, writeForm } from './consents-helpers.ts';

/**
 * The reminder to those who have not answered (issue 51 point 3, decision 067): a dry run counts
 * them, as the registration reminders do; a send queues one message to each guardian who has not
 * answered, with its audit row, in one transaction. Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
let office: TestClient;
let form: ConsentForm;
let sisters: [TestStudent, TestStudent];
let answered: TestGuardian;
let waiting: TestGuardian;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  office = await signedInStaff(t.app, t.db, 'office-reminders', { role: 'office' });
  sisters = [await createStudent(t.db, { first_name: 'Nia', class_id: '3E' }), await createStudent(t.db, { first_name: 'Tia', class_id: '3E' })];
  const other = await createStudent(t.db, { first_name: 'Uma', class_id: '3E' });
  answered = await createGuardian(t.db, { name: 'Has Answered', email: 'answered@example.org' });
  waiting = await createGuardian(t.db, { name: 'Still Waiting', email: 'waiting@example.org' });
  const restricted = await createGuardian(t.db, { name: 'Kept Out', email: 'kept.out@example.org' });
  await linkGuardian(t.db, answered, other.id);
  for (const sister of sisters) await linkGuardian(t.db, waiting, sister.id);
  await linkGuardian(t.db, restricted, other.id, { restricted: true });
  form = await writeForm(admin, tripForm(t, { title: 'Choir festival', class_ids: ['3E'], per_daughter: true }));
  const client = await withGuardianSession(new TestClient(t.app, '10.66.0.1'), t.db, answered);
  expect((await client.post(`/api/consents/${form.id}/answers`, answerOf('agree', 'Has Answered', { student_id: other.id }))).statusCode).toBe(200);
});
afterAll(() => t.close());

const reminders = () =>
  t.db
    .selectFrom('outbox')
    .select(['recipient', 'guardian_id', 'student_id', 'subject', 'text_body'])
    .where('event', '=', `consent.reminder:${form.id}`)
    .execute();

describe('POST /api/consents/{id}/reminders', () => {
  it('counts who would be reminded by default, and queues nothing', async () => {
    const answer = await office.post(`/api/consents/${form.id}/reminders`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ dry_run: true, guardians: 1, students: 2, recipients: 1 });
    expect(await reminders()).toEqual([]);
  });

  it('sends one message to each guardian who has not answered, naming her daughters, with its audit row', async () => {
    const answer = await office.post(`/api/consents/${form.id}/reminders`, { dry_run: false });
    expect(answer.json()).toEqual({ dry_run: false, guardians: 1, students: 2, recipients: 1 });
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: 'waiting@example.org', guardian_id: waiting.id, student_id: null });
    expect(sent[0].subject).toContain('your answer is needed to “Choir festival”');
    expect(sent[0].text_body).toContain('about Nia and Tia');
    expect(sent[0].text_body).toContain(`answer it by ${consentDayInWords(schoolDay(t, 7))}.`);
    const audit = await t.db.selectFrom('audit_log').select(['actor_id', 'detail']).where('action', '=', 'consent.reminded').execute();
    expect(audit).toEqual([{ actor_id: 'office-reminders', detail: `form ${form.id}: 1 parents and guardians of 2 students, 1 messages` }]);
    // The guardian who answered and the restricted one are not reminded.
    expect(sent.map((message) => message.recipient)).not.toContain('answered@example.org');
    expect(sent.map((message) => message.recipient)).not.toContain('kept.out@example.org');
  });

  it('refuses a form that has closed (409), and a teacher or a guardian', async () => {
    const closed = await writeForm(admin, tripForm(t, { class_ids: ['3E'] }));
    await t.db
      .updateTable('consent_forms')
      .set({ closes_on: schoolDay(t, -2) })
      .where('public_id', '=', closed.id)
      .execute();
    const refused = await office.post(`/api/consents/${closed.id}/reminders`, { dry_run: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(consentMessages.closedNoReminder);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-3e', { role: 'teacher', classes: ['3E'] });
    expect((await teacher.post(`/api/consents/${form.id}/reminders`, {})).statusCode).toBe(403);
    const guardian = await withGuardianSession(new TestClient(t.app, '10.66.0.2'), t.db, waiting);
    expect((await guardian.post(`/api/consents/${form.id}/reminders`, {})).statusCode).toBe(403);
  });
});
