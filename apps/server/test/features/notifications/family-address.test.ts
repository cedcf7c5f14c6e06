import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, openRegistration, signedInAdmin, signedInStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian } from '../../helpers/guardians.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../helpers/test-app.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
  admin = await signedInAdmin(t.app);
  await openRegistration(t.db);
});
afterAll(() => t.close());

const family = { first_name: 'Kezia', living_status: 'Both Parents', email_mother: 'mum@example.org', email_father: 'dad@example.org' };
const noticesAbout = (studentId: string) =>
  t.db
    .selectFrom('outbox')
    .select(['recipient', 'kind', 'subject', 'text_body'])
    .where('student_id', '=', studentId)
    .where('kind', '=', 'family_account')
    .orderBy('recipient')
    .execute();
/** Saves `fields` on the record as `who` last read it. */
async function change(who: TestClient, studentId: string, fields: Record<string, unknown>) {
  const { record } = (await who.get(`/api/student/${studentId}`)).json();
  const saved = await who.post('/api/student', { ...record, ...fields });
  expect(saved.statusCode).toBe(200);
}

describe('a girl changing a parent e-mail of her record while it is where messages go (decision 064)', () => {
  it('tells the address replaced, never the new one, and writes the change to the audit log', async () => {
    const { student, client } = await signedInStudent(t, family);
    await change(client, student.id, { email_mother: 'me-instead@example.org', email_father: '' });
    const notices = await noticesAbout(student.id);
    expect(notices.map((notice) => notice.recipient)).toEqual(['dad@example.org', 'mum@example.org']);
    expect(notices[0].subject).toContain('the e-mail address for messages about Kezia was changed');
    expect(notices[0].text_body).toMatch(/^The e-mail address for messages about Kezia was changed/);
    expect(notices.some((notice) => notice.text_body.includes('me-instead@example.org'))).toBe(false);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', '=', 'family-address.changed')
      .where('student_id', '=', student.id)
      .execute();
    expect(audit).toEqual([{ detail: 'fields: email_mother, email_father' }]);
    // Office staff see the notice on Messages.
    const listed = (await admin.get('/api/messages?kind=family_account')).json().items.map((item: { recipient: string }) => item.recipient);
    expect(listed).toEqual(expect.arrayContaining(['mum@example.org', 'dad@example.org']));
  });

  it('tells no one when she fills an empty address, changes other fields, or when staff make the change', async () => {
    const { student, client } = await signedInStudent(t, { ...family, email_father: null });
    await change(client, student.id, { email_father: 'dad@example.org', allergy: 'Dust' });
    await change(admin, student.id, { email_mother: 'corrected@example.org' });
    expect(await noticesAbout(student.id)).toEqual([]);
  });

  it('tells no one once she has a linked guardian: the record’s addresses are then not where messages go', async () => {
    const { student, client } = await signedInStudent(t, family);
    await linkGuardian(t.db, await createGuardian(t.db), student.id);
    await change(client, student.id, { email_mother: 'me-instead@example.org' });
    expect(await noticesAbout(student.id)).toEqual([]);
  });
});
