import { contactChangeMessages, contactChangeStatusLabels, type ContactChange, type FamilyContactChange } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, openRegistration, signedInStaff, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';

/**
 * Contact changes (issue 51, point 2; decision 066): a guardian proposes new values for her own
 * details in a daughter's record; the office approves or declines each field, and approved values
 * are written to the record by the autosave's version rules. Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
let office: TestClient;
let ip = 0;
/** A new client address for each guardian, so that no address limit is shared between tests. */
const nextIp = () => `10.51.${Math.floor(++ip / 200)}.${(ip % 200) + 1}`;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional', officeEmail: 'office@school.example' }));
  office = await signedInStaff(t.app, t.db, 'office-changes', { role: 'office' });
  await openRegistration(t.db);
});
afterAll(() => t.close());

const family = {
  living_status: 'Both Parents',
  mother_name: 'Joy Charles',
  father_name: 'Mark Charles',
  mobile_phone_father: '6201111',
  email_father: 'mark@example.org',
  mother_home_address: '12 Coffee Street',
  emergency_contact: 'Aunt Rose',
  emergency_home_phone: '6512222',
};

/** A girl of the family above, with her password set, and a guardian linked to her as `relationship`, signed in. */
async function girlAndGuardian(relationship: 'mother' | 'father' | 'guardian' | 'other' = 'father', fields: Record<string, string> = {}) {
  const girl = await createStudent(t.db, { ...family, class_id: '2B', ...fields }, { password: STUDENT_PASSWORD });
  const guardian = await createGuardian(t.db, { name: relationship === 'father' ? 'Mark Charles' : 'A Guardian' });
  await linkGuardian(t.db, guardian, girl.id, { relationship });
  const client = await withGuardianSession(new TestClient(t.app, nextIp()), t.db, guardian);
  return { girl, guardian, client };
}

const propose = (client: TestClient, studentId: string, changes: Record<string, string | null>) =>
  client.post('/api/contact-changes', { student_id: studentId, changes });

/** The change the office lists for the girl (of the state asked for). */
async function officeChange(studentId: string, status: 'pending' | 'answered' = 'pending'): Promise<ContactChange | undefined> {
  const answer = await office.get(`/api/contact-changes?status=${status}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().changes as ContactChange[]).find((change) => change.student_id === studentId);
}

const answerChange = (who: TestClient, id: string, decisions: Record<string, 'approved' | 'declined'>, note?: string) =>
  who.patch(`/api/contact-changes/${id}`, { decisions, ...(note ? { note } : {}) });

const record = async (studentId: string) => (await admin.get(`/api/student/${studentId}`)).json().record as Record<string, string | null>;

const messagesAbout = (studentId: string) =>
  t.db.selectFrom('outbox').select(['recipient', 'subject', 'text_body', 'guardian_id', 'event']).where('student_id', '=', studentId).orderBy('id').execute();

const auditOf = (studentId: string, action: string) =>
  t.db.selectFrom('audit_log').select(['actor_kind', 'detail']).where('student_id', '=', studentId).where('action', '=', action).orderBy('id').execute();

/** The girl signs in and saves `fields` on her record as she last read it. */
async function herSave(girl: TestStudent, fields: Record<string, unknown>, client?: TestClient) {
  const her = client ?? new TestClient(t.app, nextIp());
  if (!client) await signInAsStudent(her, girl.id);
  const { record } = (await her.get(`/api/student/${girl.id}`)).json();
  const saved = await her.post('/api/student', { ...record, ...fields });
  expect(saved.statusCode, saved.body).toBe(200);
  return her;
}

describe('POST /api/contact-changes: a guardian proposes new values for her own details', () => {
  it('takes a father’s new mobile number: waiting for the office, with a receipt to him and a note to the office, audited', async () => {
    const { girl, guardian, client } = await girlAndGuardian('father');
    const sent = await propose(client, girl.id, { mobile_phone_father: '6209999' });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body.message).toBe(contactChangeMessages.sent(girl.first_name));
    expect(body.unchanged).toEqual([]);
    expect(body.change).toMatchObject({
      student_id: girl.id,
      status: 'pending',
      answered_at: null,
      fields: [{ field: 'mobile_phone_father', label: 'Mobile Phone (Father)', proposed: '6209999', decision: null }],
    });
    // Her answer never holds the record's value.
    expect(sent.body).not.toContain('6201111');
    expect(body.change.id).not.toMatch(/^\d+$/);
    // Nothing is written to the record until the office approves.
    expect((await record(girl.id)).mobile_phone_father).toBe('6201111');

    const messages = await messagesAbout(girl.id);
    expect(messages.map((message) => message.recipient).sort()).toEqual([guardian.email, 'office@school.example'].sort());
    const receipt = messages.find((message) => message.recipient === guardian.email)!;
    expect(receipt.guardian_id).toBe(guardian.id);
    expect(receipt.text_body).toContain('Mobile Phone (Father)');
    for (const message of messages) expect(message.text_body).not.toContain('6209999');
    expect(await auditOf(girl.id, 'contact-change.sent')).toEqual([{ actor_kind: 'guardian', detail: 'fields: mobile_phone_father' }]);

    const listed = await officeChange(girl.id);
    expect(listed).toMatchObject({
      id: body.change.id,
      guardian_name: 'Mark Charles',
      guardian_email: guardian.email,
      relationship: 'father',
      status: 'pending',
      class_id: '2B',
      fields: [{ field: 'mobile_phone_father', was: '6201111', now: '6201111', proposed: '6209999', decision: null }],
    });
  });

  it('judges each value by its field’s rule, and refuses another parent’s field and what is not a contact detail', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const refused = await propose(client, girl.id, {
      mobile_phone_father: '62099',
      email_father: 'not-an-address',
      father_business_phone: '62o1234',
      mobile_phone_mother: '6203333',
      father_marital_status: 'Married',
      id_card_father: 'X1',
      class_id: '5A',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      mobile_phone_father: ['7 Digits Needed'],
      email_father: ['Invalid e-mail'],
      father_business_phone: ['Only Numbers Allowed'],
      mobile_phone_mother: [contactChangeMessages.notYours],
      father_marital_status: [contactChangeMessages.notYours],
      id_card_father: [contactChangeMessages.notYours],
      class_id: [contactChangeMessages.notYours],
    });
    const tooLong = await propose(client, girl.id, { father_name: 'x'.repeat(36) });
    expect(tooLong.json().errors).toEqual({ father_name: ['At most 35 characters.'] });
    expect((await propose(client, girl.id, {})).json().errors).toEqual({ changes: [contactChangeMessages.nothingGiven] });
    expect(await officeChange(girl.id)).toBeUndefined();
  });

  it('lets a guardian linked as other change the emergency contact only, and a mother her own section', async () => {
    const other = await girlAndGuardian('other');
    expect((await propose(other.client, other.girl.id, { mother_name: 'Someone' })).json().errors).toEqual({ mother_name: [contactChangeMessages.notYours] });
    const emergency = await propose(other.client, other.girl.id, {
      emergency_contact: 'Uncle Ben',
      emergency_home_phone: '6513333',
      relation_to_child: 'Uncle',
    });
    expect(emergency.statusCode, emergency.body).toBe(200);
    expect(emergency.json().change.fields.map((field: { field: string }) => field.field)).toEqual([
      'emergency_contact',
      'emergency_home_phone',
      'relation_to_child',
    ]);

    const mother = await girlAndGuardian('mother');
    const sent = await propose(mother.client, mother.girl.id, {
      mother_occupation: 'Nurse',
      mother_business_place: 'General Hospital',
      email_mother: 'Joy@Example.org ',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await officeChange(mother.girl.id))!.fields).toEqual([
      expect.objectContaining({ field: 'mother_occupation', was: null, proposed: 'Nurse' }),
      expect.objectContaining({ field: 'mother_business_place', proposed: 'General Hospital' }),
      expect.objectContaining({ field: 'email_mother', label: 'E-mail (Mother)', proposed: 'Joy@Example.org' }),
    ]);
  });

  it('leaves out a value the record holds already and says so; refuses changes that are all the record’s already', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const sent = await propose(client, girl.id, { mobile_phone_father: '6201111', email_father: 'mark.new@example.org' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().unchanged).toEqual(['mobile_phone_father']);
    expect(sent.json().message).toContain(contactChangeMessages.unchangedLeftOut(['Mobile Phone (Father)']));
    expect(sent.json().change.fields.map((field: { field: string }) => field.field)).toEqual(['email_father']);

    const nothing = await propose(client, girl.id, { mobile_phone_father: '6201111', father_name: 'Mark Charles' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({
      mobile_phone_father: [contactChangeMessages.alreadyInRecord],
      father_name: [contactChangeMessages.alreadyInRecord],
    });
  });

  it('replaces her change still waiting by a newer one; the office’s answer to the old one is refused', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const first = (await propose(client, girl.id, { mobile_phone_father: '6204444' })).json().change as FamilyContactChange;
    const second = await propose(client, girl.id, { mobile_phone_father: '6205555' });
    expect(second.json().message).toContain(contactChangeMessages.replacesEarlier);
    const mine = (await client.get('/api/guardian/contact-changes')).json().changes as FamilyContactChange[];
    expect(mine.filter((change) => change.student_id === girl.id).map((change) => change.status)).toEqual(['pending', 'replaced']);
    const late = await answerChange(office, first.id, { mobile_phone_father: 'approved' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: contactChangeMessages.replaced, change: { id: first.id, status: 'replaced' } });
    expect((await record(girl.id)).mobile_phone_father).toBe('6201111');
  });

  it('answers a girl she is not linked to, restricted from, revoked from, or who does not exist with the same 404', async () => {
    const { girl } = await girlAndGuardian('father');
    const answers = [];
    for (const state of [{}, { restricted: true }, { revoked: true }]) {
      const stranger = await createGuardian(t.db);
      if ('restricted' in state || 'revoked' in state) await linkGuardian(t.db, stranger, girl.id, { relationship: 'father', ...state });
      const client = await withGuardianSession(new TestClient(t.app, nextIp()), t.db, stranger);
      for (const studentId of [girl.id, '20999997']) {
        const answer = await propose(client, studentId, { mobile_phone_father: '6207777' });
        answers.push({ status: answer.statusCode, body: answer.body.replaceAll(studentId, '{id}') });
        expect(answer.body).not.toContain(girl.last_name);
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify(answers[0])]));
    expect(answers[0]!.status).toBe(404);
    expect(await officeChange(girl.id)).toBeUndefined();
  });

  it('is a guardian’s call only: the girl herself and staff are refused', async () => {
    const { girl } = await girlAndGuardian('father');
    const her = new TestClient(t.app, nextIp());
    await signInAsStudent(her, girl.id);
    expect((await propose(her, girl.id, { mobile_phone_father: '6208888' })).statusCode).toBe(403);
    expect((await propose(office, girl.id, { mobile_phone_father: '6208888' })).statusCode).toBe(403);
    expect((await her.get('/api/guardian/contact-changes')).statusCode).toBe(403);
  });
});

describe('GET /api/contact-changes: the office’s list', () => {
  it('lists the changes waiting, newest first, by class, and those answered apart; office and admin only, audited', async () => {
    const a = await girlAndGuardian('father', { class_id: '4C' });
    const b = await girlAndGuardian('mother', { class_id: '4D' });
    const first = (await propose(a.client, a.girl.id, { father_occupation: 'Pilot' })).json().change.id as string;
    const second = (await propose(b.client, b.girl.id, { mother_occupation: 'Teacher' })).json().change.id as string;
    const pending = (await office.get('/api/contact-changes')).json() as { changes: ContactChange[]; total: number };
    const ids = pending.changes.map((change) => change.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(pending.total).toBeGreaterThanOrEqual(2);
    expect((await office.get('/api/contact-changes?class_id=4C')).json().changes.map((change: ContactChange) => change.id)).toEqual([first]);
    expect((await admin.get('/api/contact-changes?status=answered&class_id=4C')).json().changes).toEqual([]);
    expect((await office.get('/api/contact-changes?status=nonsense')).statusCode).toBe(422);

    const teacher = await signedInStaff(t.app, t.db, 'teacher-changes', { role: 'teacher', classes: ['4C'] });
    expect((await teacher.get('/api/contact-changes?class_id=4C')).statusCode).toBe(403);
    expect((await answerChange(teacher, first, { father_occupation: 'approved' })).statusCode).toBe(403);
    expect((await a.client.get('/api/contact-changes')).statusCode).toBe(403);
    expect(await auditOf(a.girl.id, 'contact-changes.viewed')).toEqual([{ actor_kind: 'admin', detail: 'pending, class 4C' }]);
  });
});

describe('PATCH /api/contact-changes/{id}: the office answers field by field', () => {
  it('writes an approved value to the record with a new version, audits it, tells the father, and his list shows it', async () => {
    const { girl, guardian, client } = await girlAndGuardian('father');
    const before = (await admin.get(`/api/student/${girl.id}`)).json().record;
    const id = (await propose(client, girl.id, { mobile_phone_father: '6209999' })).json().change.id as string;
    const answered = await answerChange(office, id, { mobile_phone_father: 'approved' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      id,
      status: 'approved',
      answered_by: 'office-changes',
      fields: [{ field: 'mobile_phone_father', was: '6201111', now: '6209999', proposed: '6209999', decision: 'approved' }],
    });
    const after = (await admin.get(`/api/student/${girl.id}`)).json().record;
    expect(after.mobile_phone_father).toBe('6209999');
    expect(after.updatedAt).not.toBe(before.updatedAt);
    // The girl's wizard reads it.
    const her = new TestClient(t.app, nextIp());
    await signInAsStudent(her, girl.id);
    expect((await her.get(`/api/student/${girl.id}`)).json().record.mobile_phone_father).toBe('6209999');

    expect(await auditOf(girl.id, 'contact-change.answered')).toEqual([{ actor_kind: 'admin', detail: `change ${id}; approved: mobile_phone_father` }]);
    expect(await auditOf(girl.id, 'student.record-updated')).toEqual([{ actor_kind: 'admin', detail: 'fields: mobile_phone_father' }]);
    const told = (await messagesAbout(girl.id)).filter((message) => message.event === `contact-change.answered:${id}`);
    expect(told).toEqual([expect.objectContaining({ recipient: guardian.email, guardian_id: guardian.id })]);
    expect(told[0]!.text_body).toContain('Approved, and now in the record: Mobile Phone (Father).');
    expect(told[0]!.text_body).not.toContain('6209999');

    const mine = ((await client.get('/api/guardian/contact-changes')).json().changes as FamilyContactChange[]).find((change) => change.id === id)!;
    expect(mine).toMatchObject({ status: 'approved', fields: [{ field: 'mobile_phone_father', decision: 'approved' }] });
    expect(mine.answered_at).not.toBeNull();

    // Her privacy page shows her father's proposal and the office's change, by field, never a value.
    const { entries } = (await her.get('/api/my-record-access')).json();
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'guardian', what: 'Proposed new contact details for your record: Father Mobile Phone' }),
        expect.objectContaining({ role: 'office', what: 'Changed your registration record: Father Mobile Phone' }),
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain('6209999');
  });

  it('approves some fields and declines others, with a note the parent reads; declining all leaves the record as it was', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const id = (await propose(client, girl.id, { mobile_phone_father: '6209999', email_father: 'mark.work@example.org' })).json().change.id as string;
    const answered = await answerChange(
      office,
      id,
      { mobile_phone_father: 'approved', email_father: 'declined' },
      'Please send the e-mail from your own address.',
    );
    expect(answered.json()).toMatchObject({ status: 'partly_approved', note: 'Please send the e-mail from your own address.' });
    const now = await record(girl.id);
    expect([now.mobile_phone_father, now.email_father]).toEqual(['6209999', 'mark@example.org']);
    const mine = ((await client.get('/api/guardian/contact-changes')).json().changes as FamilyContactChange[]).find((change) => change.id === id)!;
    expect(mine).toMatchObject({ status: 'partly_approved', note: 'Please send the e-mail from your own address.' });
    expect(mine.fields.map((field) => field.decision)).toEqual(['approved', 'declined']);

    const next = (await propose(client, girl.id, { father_occupation: 'Pilot' })).json().change.id as string;
    const version = (await admin.get(`/api/student/${girl.id}`)).json().record.updatedAt;
    expect((await answerChange(office, next, { father_occupation: 'declined' })).json().status).toBe('declined');
    expect((await admin.get(`/api/student/${girl.id}`)).json().record).toMatchObject({ updatedAt: version, father_occupation: null });
  });

  it('asks a decision for every field of the change and nothing else; an unknown change is 404', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const id = (await propose(client, girl.id, { mobile_phone_father: '6209999', father_occupation: 'Pilot' })).json().change.id as string;
    const partial = await answerChange(office, id, { mobile_phone_father: 'approved' });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual({ father_occupation: [contactChangeMessages.decideEach] });
    const extra = await answerChange(office, id, { mobile_phone_father: 'approved', father_occupation: 'declined', email_father: 'approved' });
    expect(extra.json().errors).toEqual({ email_father: [contactChangeMessages.notInChange] });
    expect((await office.patch(`/api/contact-changes/${id}`, { decisions: { mobile_phone_father: 'maybe', father_occupation: 'declined' } })).statusCode).toBe(
      422,
    );
    expect((await answerChange(office, 'no-such-change', { mobile_phone_father: 'approved' })).statusCode).toBe(404);
    expect((await officeChange(girl.id))!.status).toBe('pending');
  });

  it('answers a second answer 409 with the change as it stands, and changes nothing', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const id = (await propose(client, girl.id, { mobile_phone_father: '6209999' })).json().change.id as string;
    expect((await answerChange(office, id, { mobile_phone_father: 'declined' })).statusCode).toBe(200);
    const again = await answerChange(admin, id, { mobile_phone_father: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: contactChangeMessages.alreadyAnswered(contactChangeStatusLabels.declined),
      change: { id, status: 'declined' },
    });
    expect((await record(girl.id)).mobile_phone_father).toBe('6201111');
    expect(await auditOf(girl.id, 'contact-change.answered')).toHaveLength(1);
  });

  it('merges a save of other fields made since the change was proposed, and the girl’s stale save is laid on the approved value', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const her = new TestClient(t.app, nextIp());
    await signInAsStudent(her, girl.id);
    const stale = (await her.get(`/api/student/${girl.id}`)).json().record;
    const id = (await propose(client, girl.id, { mobile_phone_father: '6209999' })).json().change.id as string;
    await herSave(girl, { allergy: 'Dust' }, her);
    expect((await answerChange(office, id, { mobile_phone_father: 'approved' })).statusCode).toBe(200);
    expect(await record(girl.id)).toMatchObject({ allergy: 'Dust', mobile_phone_father: '6209999' });
    // Her wizard still holds the version before the approval: the save is refused with the newest record, as any autosave's.
    const refused = await her.post('/api/student', { ...stale, allergy: 'Dust and pollen' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().record.mobile_phone_father).toBe('6209999');
    const laid = await her.post('/api/student', { ...refused.json().record, allergy: 'Dust and pollen' });
    expect(laid.statusCode).toBe(200);
    expect(await record(girl.id)).toMatchObject({ allergy: 'Dust and pollen', mobile_phone_father: '6209999' });
  });

  it('refuses to approve a field the girl changed since it was proposed (409, nothing written), and declining it still works', async () => {
    const { girl, client } = await girlAndGuardian('father');
    const id = (await propose(client, girl.id, { mobile_phone_father: '6209999', father_occupation: 'Pilot' })).json().change.id as string;
    await herSave(girl, { mobile_phone_father: '6203030' });
    const refused = await answerChange(office, id, { mobile_phone_father: 'approved', father_occupation: 'approved' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(contactChangeMessages.changedSince(['Mobile Phone (Father)']));
    expect(refused.json().change).toMatchObject({
      status: 'pending',
      // In the record's order: the occupation comes before the phones.
      fields: [
        expect.objectContaining({ field: 'father_occupation', decision: null }),
        expect.objectContaining({ field: 'mobile_phone_father', was: '6201111', now: '6203030', decision: null }),
      ],
    });
    expect(await record(girl.id)).toMatchObject({ mobile_phone_father: '6203030', father_occupation: null });
    expect(await auditOf(girl.id, 'contact-change.answered')).toEqual([]);

    const answered = await answerChange(office, id, { mobile_phone_father: 'declined', father_occupation: 'approved' });
    expect(answered.json().status).toBe('partly_approved');
    expect(await record(girl.id)).toMatchObject({ mobile_phone_father: '6203030', father_occupation: 'Pilot' });
  });

  it('tells the guardian nothing once the office restricted her link, and her list no longer shows the girl’s changes', async () => {
    const { girl, guardian, client } = await girlAndGuardian('father');
    const id = (await propose(client, girl.id, { father_occupation: 'Pilot' })).json().change.id as string;
    await t.db.updateTable('guardian_links').set({ restricted: 1 }).where('guardian_id', '=', guardian.id).execute();
    expect((await answerChange(office, id, { father_occupation: 'approved' })).statusCode).toBe(200);
    expect((await messagesAbout(girl.id)).filter((message) => message.event.startsWith('contact-change.answered'))).toEqual([]);
    expect(((await client.get('/api/guardian/contact-changes')).json().changes as FamilyContactChange[]).map((change) => change.student_id)).not.toContain(
      girl.id,
    );
  });
});

describe('a change’s guardian', () => {
  it('reads only her own changes', async () => {
    const mother = await girlAndGuardian('mother');
    const father: TestGuardian = await createGuardian(t.db);
    await linkGuardian(t.db, father, mother.girl.id, { relationship: 'father' });
    await propose(mother.client, mother.girl.id, { mother_occupation: 'Nurse' });
    const his = await withGuardianSession(new TestClient(t.app, nextIp()), t.db, father);
    expect((await his.get('/api/guardian/contact-changes')).json().changes).toEqual([]);
  });
});
