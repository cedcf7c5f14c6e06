import { guardianLinkLifetimes, guardianMessages, messages } from '@school/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../src/features/auth/passwords.ts';
import { adminApp, createStudent, signedInStaff, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';
import { createGuardian, GUARDIAN_PASSWORD, linkGuardian, withGuardianSession } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
let admin: TestClient;
let office: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp({ portalUrl: 'https://portal.example.org', schoolName: 'St Ursula Girls', officeEmail: 'office@school.example.org' }));
  office = await signedInStaff(t.app, t.db, 'front-desk', { role: 'office' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let block = 0;
const browser = async () => new TestClient(t.app, `10.93.${(block += 1) % 250}.${(block % 200) + 1}`).start();
let addresses = 0;
const newAddress = () => `parent${(addresses += 1)}-${process.pid}@example.org`;
const NEW_PASSWORD = 'Chaconia-Flower-2026';

/** The token of the newest invitation mailed to the address. */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = await t.db.selectFrom('outbox').select('text_body').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /\/parents\/invitation\?token=([\w-]+)/.exec(mail.text_body)![1];
}

/** Invites a new address for a new student; answers both, the invitation and its token. */
async function invited(relationship = 'mother', by = office) {
  const student = await createStudent(t.db, { first_name: 'Anaya', last_name: 'Ramdeen' });
  const email = newAddress();
  const answer = await by.post('/api/guardian-invitations', { student_id: student.id, email, relationship });
  expect(answer.statusCode).toBe(200);
  return { student, email, invitation: answer.json(), token: await tokenMailedTo(email) };
}

const linksOf = (studentId: string) =>
  t.db
    .selectFrom('guardian_links')
    .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
    .select(['guardians.email', 'guardian_links.verified_by', 'guardian_links.relationship'])
    .where('student_id', '=', studentId)
    .execute();

describe('an invitation for one student', () => {
  it('is mailed to the address with a single-use link, naming the school and her first name only', async () => {
    const { student, email, invitation, token } = await invited('father', admin);
    expect(invitation).toMatchObject({ student_id: student.id, email, relationship: 'father', state: 'open' });
    const mail = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.kind).toBe('family_account');
    expect(mail.student_id).toBe(student.id);
    expect(mail.text_body).toContain('St Ursula Girls');
    expect(mail.text_body).toContain('Anaya');
    expect(mail.text_body).not.toContain('Ramdeen');
    expect(mail.text_body).toContain(`https://portal.example.org/parents/invitation?token=${token}`);
    const row = await t.db.selectFrom('guardian_invitations').selectAll().where('public_id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(Date.parse(row.expires_at) - Date.parse(row.sent_at)).toBe(guardianLinkLifetimes.invitationHours * 60 * 60 * 1000);
    const audit = await t.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'guardian.invited').where('student_id', '=', student.id).execute();
    expect(audit).toEqual([{ actor_id: 'registrar' }]);
    // Messages lists it, but no staff member reads its body: it carries the link.
    const listed = (await admin.get('/api/messages')).json().items.find((item: { recipient: string }) => item.recipient === email);
    expect(listed).toMatchObject({ kind: 'family_account', status: 'queued' });
    const opened = await admin.get(`/api/messages/${listed.id}`);
    expect(opened.statusCode).toBe(403);
    expect(opened.json().message).toBe(guardianMessages.mailHoldsLink);
    expect(opened.body).not.toContain(token);
  });

  it('answers 404 for an unknown student, and a teacher may not invite', async () => {
    const unknown = await office.post('/api/guardian-invitations', { student_id: '99990001', email: newAddress(), relationship: 'mother' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.noSuchStudent);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-inv', { role: 'teacher', classes: ['1A'] });
    const student = await createStudent(t.db);
    expect((await teacher.post('/api/guardian-invitations', { student_id: student.id, email: newAddress(), relationship: 'mother' })).statusCode).toBe(403);
  });
});

describe('invitations for a class', () => {
  it("invites each parent address of the class's records once, skipping those linked or invited already", async () => {
    const shared = newAddress();
    const linked = newAddress();
    const alreadyInvited = newAddress();
    const father = newAddress();
    // The mother's and the guardian's address are one (typed once in capitals): one invitation, the other skipped.
    const first = await createStudent(t.db, { class_id: '4C', email_mother: shared.toUpperCase(), email_father: father, email_guardian: shared });
    const second = await createStudent(t.db, { class_id: '4C', email_mother: linked, email_father: alreadyInvited, email_guardian: 'not an address' });
    await createStudent(t.db, { class_id: '4D', email_mother: newAddress() });
    await linkGuardian(t.db, await createGuardian(t.db, { email: linked }), second.id);
    expect((await office.post('/api/guardian-invitations', { student_id: second.id, email: alreadyInvited, relationship: 'father' })).statusCode).toBe(200);

    const answer = await office.post('/api/guardian-invitations/class', { class_id: '4C' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ sent: 2, skipped: 3 });
    const listed = (await office.get('/api/guardian-invitations?class_id=4C')).json().invitations;
    expect(
      listed.map((row: { student_id: string; email: string; relationship: string }) => `${row.student_id} ${row.relationship} ${row.email}`).sort(),
    ).toEqual([`${first.id} mother ${shared}`, `${first.id} father ${father}`, `${second.id} father ${alreadyInvited}`].sort());
    // Again: everything is invited already.
    expect((await office.post('/api/guardian-invitations/class', { class_id: '4C' })).json()).toEqual({ sent: 0, skipped: 5 });
  });
});

describe('the invitations list, resend and cancel', () => {
  it('lists each invitation of a class with its state', async () => {
    const make = async () => {
      const student = await createStudent(t.db, { class_id: '5E' });
      const email = newAddress();
      const answer = await office.post('/api/guardian-invitations', { student_id: student.id, email, relationship: 'mother' });
      return { id: answer.json().id as string, email };
    };
    const open = await make();
    const expired = await make();
    const accepted = await make();
    const cancelled = await make();
    await t.db.updateTable('guardian_invitations').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('public_id', '=', expired.id).execute();
    const acceptedAnswer = await (
      await browser()
    ).post('/api/guardian-invitations/accept', { token: await tokenMailedTo(accepted.email), name: 'Ms A', password: NEW_PASSWORD });
    expect(acceptedAnswer.statusCode).toBe(200);
    expect((await office.delete(`/api/guardian-invitations/${cancelled.id}`)).statusCode).toBe(204);
    const states = Object.fromEntries(
      (await office.get('/api/guardian-invitations?class_id=5E')).json().invitations.map((row: { id: string; state: string }) => [row.id, row.state]),
    );
    expect(states).toEqual({ [open.id]: 'open', [expired.id]: 'expired', [accepted.id]: 'accepted', [cancelled.id]: 'cancelled' });
  });

  it('resends with a new link: the old one stops working', async () => {
    const { email, invitation, token } = await invited();
    const resent = await office.post(`/api/guardian-invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().state).toBe('open');
    const newToken = await tokenMailedTo(email);
    expect(newToken).not.toBe(token);
    const visitor = await browser();
    expect((await visitor.get(`/api/guardian-invitations/preview?token=${token}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/guardian-invitations/preview?token=${newToken}`)).statusCode).toBe(200);
  });

  it('cancels: the link is no longer good, and cancelling again or an unknown ID is refused', async () => {
    const { invitation, token } = await invited();
    expect((await office.delete(`/api/guardian-invitations/${invitation.id}`)).statusCode).toBe(204);
    const visitor = await browser();
    const preview = await visitor.get(`/api/guardian-invitations/preview?token=${token}`);
    expect(preview.statusCode).toBe(404);
    expect(preview.json().message).toBe(guardianMessages.linkNotValid);
    expect((await visitor.post('/api/guardian-invitations/accept', { token, name: 'Late', password: NEW_PASSWORD })).statusCode).toBe(404);
    expect((await office.delete(`/api/guardian-invitations/${invitation.id}`)).statusCode).toBe(409);
    expect((await office.delete('/api/guardian-invitations/no-such-invitation')).statusCode).toBe(404);
    expect((await office.post(`/api/guardian-invitations/${invitation.id}/resend`)).statusCode).toBe(409);
  });
});

describe('accepting an invitation', () => {
  it('shows a preview to the link holder: the first name and the address', async () => {
    const { email, token } = await invited();
    const preview = await (await browser()).get(`/api/guardian-invitations/preview?token=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ student_first_name: 'Anaya', email, has_account: false });
    expect((await (await browser()).get('/api/guardian-invitations/preview?token=made-up-token')).statusCode).toBe(404);
  });

  it('as a visitor with name and password: makes her account for the invited address, links the girl and signs her in', async () => {
    const { student, email, token } = await invited('mother');
    const client = await browser();
    const answer = await client.post('/api/guardian-invitations/accept', { token, name: 'Leela Ramdeen', password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'Leela Ramdeen', kind: 'guardian', student_first_name: 'Anaya' });
    expect((await client.get('/api/session')).json()).toMatchObject({ authenticated: true, kind: 'guardian', name: 'Leela Ramdeen' });
    expect((await client.get('/api/guardian/account')).json()).toMatchObject({ email, display_name: 'Leela Ramdeen' });
    expect(await linksOf(student.id)).toEqual([{ email, verified_by: 'invitation', relationship: 'mother' }]);
    const row = await t.db.selectFrom('guardian_invitations').select('accepted_at').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.accepted_at).not.toBeNull();
    // The link is used.
    expect((await (await browser()).post('/api/guardian-invitations/accept', { token, name: 'Again', password: NEW_PASSWORD })).statusCode).toBe(404);
  });

  it('shows the new link on the girl’s privacy page, in the guardian’s name', async () => {
    const { student, token } = await invited('mother');
    await t.db
      .updateTable('student_accounts')
      .set({ password_hash: await hashPassword(STUDENT_PASSWORD), password_reset: 0 })
      .where('student_id', '=', student.id)
      .execute();
    expect((await (await browser()).post('/api/guardian-invitations/accept', { token, name: 'Leela Ramdeen', password: NEW_PASSWORD })).statusCode).toBe(200);
    const girl = new TestClient(t.app);
    await signInAsStudent(girl, student.id);
    const { entries } = (await girl.get('/api/my-record-access')).json();
    expect(entries).toEqual([expect.objectContaining({ staff: 'Leela Ramdeen (mother)', role: 'guardian', what: 'Linked to you as your mother' })]);
  });

  it('asks a visitor for her name and a good password, leaving the link good', async () => {
    const { token } = await invited();
    const client = await browser();
    const missing = await client.post('/api/guardian-invitations/accept', { token });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name[0]).toBe(guardianMessages.nameAndPasswordNeeded);
    const dated = await client.post('/api/guardian-invitations/accept', { token, name: 'Mum', password: '09-03-2014' });
    expect(dated.statusCode).toBe(422);
    expect(dated.json().errors.password[0]).toBe(guardianMessages.passwordIsDate);
    expect((await client.post('/api/guardian-invitations/accept', { token, name: 'Mum', password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('tells a new link to the school office and to her other guardians, not to a restricted one, and a link already live to no one', async () => {
    const { student, email, token } = await invited('father');
    const mother = await createGuardian(t.db);
    const restricted = await createGuardian(t.db);
    await linkGuardian(t.db, mother, student.id);
    await linkGuardian(t.db, restricted, student.id, { relationship: 'other', restricted: true });
    const notices = () =>
      t.db
        .selectFrom('outbox')
        .select(['recipient', 'kind'])
        .where('student_id', '=', student.id)
        .where('event', 'like', 'guardian-link:%')
        .orderBy('recipient')
        .execute();
    expect((await (await browser()).post('/api/guardian-invitations/accept', { token, name: 'Dev Ramdeen', password: NEW_PASSWORD })).statusCode).toBe(200);
    expect(await notices()).toEqual(
      [
        { recipient: mother.email, kind: 'family_account' },
        { recipient: 'office@school.example.org', kind: 'family_account' },
      ].sort((a, b) => a.recipient.localeCompare(b.recipient)),
    );
    // A second invitation of the same father to the same girl finds the link live: nothing more is told.
    const again = await office.post('/api/guardian-invitations', { student_id: student.id, email, relationship: 'father' });
    const client = await browser();
    expect((await client.post('/api/guardian-login', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await client.post('/api/guardian-invitations/accept', { token: await tokenMailedTo(email) })).statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(await notices()).toHaveLength(2);
  });

  it('answers 409 to a visitor when the address has an account: she signs in first', async () => {
    const { email, token, student } = await invited();
    await createGuardian(t.db, { email });
    expect((await (await browser()).get(`/api/guardian-invitations/preview?token=${token}`)).json().has_account).toBe(true);
    const answer = await (await browser()).post('/api/guardian-invitations/accept', { token, name: 'Someone', password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(guardianMessages.signInToAccept);
    expect(await linksOf(student.id)).toEqual([]);
  });

  it('signed in as a guardian, the token alone links the girl to her account', async () => {
    const { student, email, token } = await invited('guardian');
    const guardian = await createGuardian(t.db, { email });
    const client = await browser();
    expect((await client.post('/api/guardian-login', { email, password: GUARDIAN_PASSWORD })).statusCode).toBe(200);
    const answer = await client.post('/api/guardian-invitations/accept', { token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: guardian.name, kind: 'guardian', student_first_name: 'Anaya' });
    expect(await linksOf(student.id)).toEqual([{ email, verified_by: 'invitation', relationship: 'guardian' }]);
  });

  it('makes one account and one link of 100 accepts at once', async () => {
    const { student, email, token } = await invited();
    const clients = await Promise.all(Array.from({ length: 100 }, () => browser()));
    const statuses = (
      await Promise.all(
        clients.map((client, index) => client.post('/api/guardian-invitations/accept', { token, name: `Racer ${index}`, password: NEW_PASSWORD })),
      )
    ).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 404, 409].includes(status))).toBe(true);
    expect(await t.db.selectFrom('guardians').select('id').where('email', '=', email).execute()).toHaveLength(1);
    expect(await linksOf(student.id)).toHaveLength(1);
  });

  it('makes one link of 100 accepts at once by a signed-in guardian', async () => {
    const { student, email, token } = await invited();
    const guardian = await createGuardian(t.db, { email });
    const clients = await Promise.all(Array.from({ length: 100 }, async () => withGuardianSession(new TestClient(t.app, '10.94.0.1'), t.db, guardian)));
    const statuses = (await Promise.all(clients.map((client) => client.post('/api/guardian-invitations/accept', { token })))).map(
      (answer) => answer.statusCode,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(99);
    expect(await linksOf(student.id)).toHaveLength(1);
  });

  it('refuses a link past its 72 hours', async () => {
    const { token } = await invited();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (guardianLinkLifetimes.invitationHours * 60 + 1) * 60 * 1000);
    const client = await browser();
    expect((await client.get(`/api/guardian-invitations/preview?token=${token}`)).statusCode).toBe(404);
    const answer = await client.post('/api/guardian-invitations/accept', { token, name: 'Too Late', password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(guardianMessages.linkNotValid);
  });
});
