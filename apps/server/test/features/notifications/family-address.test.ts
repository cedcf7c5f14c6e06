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

  it('tells no record address once she has a linked guardian: the record’s addresses are then not where messages go', async () => {
    const { student, client } = await signedInStudent(t, family);
    const guardian = await createGuardian(t.db);
    await linkGuardian(t.db, guardian, student.id);
    await change(client, student.id, { email_mother: 'me-instead@example.org' });
    expect((await noticesAbout(student.id)).map((notice) => notice.recipient)).toEqual([guardian.email]);
  });
});

describe('a girl changing a parent’s e-mail or phone while a guardian is linked (decision 066)', () => {
  it('saves it as she made it, and tells each linked guardian which details changed, never the values; audited', async () => {
    const { student, client } = await signedInStudent(t, { ...family, mobile_phone_father: '6201111' });
    const mother = await createGuardian(t.db, { email: 'joy.linked@example.org' });
    const father = await createGuardian(t.db, { email: 'mark.linked@example.org' });
    const restricted = await createGuardian(t.db, { email: 'restricted.linked@example.org' });
    await linkGuardian(t.db, mother, student.id, { relationship: 'mother' });
    await linkGuardian(t.db, father, student.id, { relationship: 'father' });
    await linkGuardian(t.db, restricted, student.id, { relationship: 'guardian', restricted: true });
    await change(client, student.id, { mobile_phone_father: '6209999', email_mother: 'new.mum@example.org', allergy: 'Dust' });

    const { record } = (await admin.get(`/api/student/${student.id}`)).json();
    expect(record).toMatchObject({ mobile_phone_father: '6209999', email_mother: 'new.mum@example.org' });
    const notices = await noticesAbout(student.id);
    expect(notices.map((notice) => notice.recipient)).toEqual(['joy.linked@example.org', 'mark.linked@example.org']);
    expect(notices[0].subject).toContain("contact details in Kezia's record were changed");
    expect(notices[0].text_body).toContain('E-mail (Mother) and Mobile Phone (Father)');
    for (const notice of notices) for (const value of ['6209999', 'new.mum@example.org', 'Dust']) expect(notice.text_body).not.toContain(value);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', '=', 'family-contact.changed')
      .where('student_id', '=', student.id)
      .execute();
    expect(audit).toEqual([{ detail: 'fields: email_mother, mobile_phone_father' }]);
  });

  it('tells no one of her other fields, of staff’s changes, or when her only link is restricted', async () => {
    const { student, client } = await signedInStudent(t, family);
    await linkGuardian(t.db, await createGuardian(t.db), student.id, { relationship: 'mother' });
    await change(client, student.id, { allergy: 'Dust', mother_occupation: 'Nurse' });
    await change(admin, student.id, { mobile_phone_mother: '6207777' });
    expect(await noticesAbout(student.id)).toEqual([]);

    const other = await signedInStudent(t, family);
    await linkGuardian(t.db, await createGuardian(t.db), other.student.id, { restricted: true });
    await change(other.client, other.student.id, { mobile_phone_mother: '6208888', email_father: 'changed@example.org' });
    expect(await noticesAbout(other.student.id)).toEqual([]);
  });
});
