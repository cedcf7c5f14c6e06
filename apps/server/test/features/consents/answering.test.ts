import { consentMessages, messages, type ConsentAnswered, type ConsentForm } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { answerOf, consentsOf, schoolDay, tripForm, writeForm } from './consents-helpers.ts';

/**
 * A guardian's side of consent forms (issue 51 points 3 and 4, decision 067): she sees the open
 * forms of her linked, unrestricted daughters' classes and answers each with her typed name; the
 * answer keeps the exact words, the time and the guardian, with its audit row and her receipt in one
 * transaction; one answer stands, however many arrive at once. Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
let amelia: TestStudent;
let zoe: TestStudent;
let mother: TestGuardian;
let motherClient: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  amelia = await createStudent(t.db, { first_name: 'Amelia', class_id: '3A' });
  zoe = await createStudent(t.db, { first_name: 'Zoe', class_id: '5A' });
  mother = await createGuardian(t.db, { name: 'Joy Charles', email: 'joy.charles@example.org' });
  await linkGuardian(t.db, mother, amelia.id);
  await linkGuardian(t.db, mother, zoe.id);
  motherClient = await withGuardianSession(new TestClient(t.app, '10.62.0.1'), t.db, mother);
});
afterAll(() => t.close());

const post = (client: TestClient, form: Pick<ConsentForm, 'id'>, body: object) => client.post(`/api/consents/${form.id}/answers`, body);
const standingAnswers = (formPublicId: string) =>
  t.db
    .selectFrom('consent_answers as a')
    .innerJoin('consent_forms as f', 'f.id', 'a.form_id')
    .innerJoin('consent_texts as x', 'x.id', 'a.text_id')
    .select(['a.guardian_id', 'a.student_id', 'a.student_key', 'a.answer', 'a.typed_name', 'a.answered_at', 'a.superseded_at', 'x.version', 'x.text'])
    .where('f.public_id', '=', formPublicId)
    .orderBy('a.id')
    .execute();

describe('GET /api/guardian/consents', () => {
  it("shows the forms open for her daughters' classes, once for a form answered once, once for each daughter when needed for each", async () => {
    const both = await writeForm(admin, tripForm(t, { title: 'Sports day photos', class_ids: ['3A', '5A'] }));
    const each = await writeForm(admin, tripForm(t, { title: 'Sea bathing', class_ids: ['3A', '5A'], per_daughter: true, closes_on: schoolDay(t, 3) }));
    const other = await writeForm(admin, tripForm(t, { title: 'Another class', class_ids: ['1E'] }));
    const mine = (await consentsOf(motherClient)).filter((item) => [both.id, each.id, other.id].includes(item.form_id));
    // The soonest to close first.
    expect(mine.map((item) => [item.title, item.student_id, item.students.map((student) => student.first_name)])).toEqual([
      ['Sea bathing', amelia.id, ['Amelia']],
      ['Sea bathing', zoe.id, ['Zoe']],
      ['Sports day photos', null, ['Amelia', 'Zoe']],
    ]);
    expect(mine[2]).toMatchObject({ text: both.text, version: 1, closes_on: schoolDay(t, 7), per_daughter: false, answer: null });
  });

  it('shows nothing of a daughter whose link is restricted or revoked, nor a form that has closed', async () => {
    const girl = await createStudent(t.db, { class_id: '1D' });
    const form = await writeForm(admin, tripForm(t, { class_ids: ['1D'] }));
    const restricted = await createGuardian(t.db);
    await linkGuardian(t.db, restricted, girl.id, { restricted: true });
    const revoked = await createGuardian(t.db);
    await linkGuardian(t.db, revoked, girl.id, { revoked: true });
    for (const [guardian, ip] of [
      [restricted, '10.62.0.2'],
      [revoked, '10.62.0.3'],
    ] as const) {
      const client = await withGuardianSession(new TestClient(t.app, ip), t.db, guardian);
      expect(await consentsOf(client)).toEqual([]);
      // Her answer is refused as for a form that does not exist.
      const refused = await post(client, form, answerOf('agree', 'Someone Else'));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: consentMessages.noSuchForm });
    }
    await t.db
      .updateTable('consent_forms')
      .set({ closes_on: schoolDay(t, -1) })
      .where('public_id', '=', form.id)
      .execute();
    const linked = await createGuardian(t.db);
    await linkGuardian(t.db, linked, girl.id);
    expect(await consentsOf(await withGuardianSession(new TestClient(t.app, '10.62.0.4'), t.db, linked))).toEqual([]);
  });
});

describe('POST /api/consents/{id}/answers', () => {
  it('stores her answer with the exact words, the time and the guardian; audits it for each daughter and queues her receipt, in one transaction', async () => {
    const form = await writeForm(admin, tripForm(t, { title: 'Museum visit', class_ids: ['3A', '5A'] }));
    const before = Date.now();
    const answer = await post(motherClient, form, answerOf('agree', '  Joy M. Charles  '));
    expect(answer.statusCode, answer.body).toBe(200);
    const answered = answer.json() as ConsentAnswered;
    expect(answered.message).toBe(consentMessages.answered('Museum visit', 'agree'));
    expect(answered.consent).toMatchObject({ form_id: form.id, student_id: null, answer: { answer: 'agree', typed_name: 'Joy M. Charles', version: 1 } });
    const [stored] = await standingAnswers(form.id);
    expect(stored).toMatchObject({
      guardian_id: mother.id,
      student_id: null,
      student_key: '',
      answer: 'agree',
      typed_name: 'Joy M. Charles',
      superseded_at: null,
      version: 1,
    });
    expect(stored.text).toBe(form.text);
    expect(Date.parse(stored.answered_at)).toBeGreaterThanOrEqual(before - 1000);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'student_id', 'detail'])
      .where('action', '=', 'consent.answered')
      .execute();
    expect(audit.filter((row) => row.detail?.includes(form.id))).toEqual([
      { actor_kind: 'guardian', actor_id: mother.publicId, student_id: amelia.id, detail: `“Museum visit”, text version 1: agreed (form ${form.id})` },
      { actor_kind: 'guardian', actor_id: mother.publicId, student_id: zoe.id, detail: `“Museum visit”, text version 1: agreed (form ${form.id})` },
    ]);
    const receipt = await t.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'guardian_id', 'subject', 'text_body', 'student_id'])
      .where('event', '=', `consent.answered:${form.id}`)
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ kind: 'consent', recipient: 'joy.charles@example.org', guardian_id: mother.id, student_id: null });
    expect(receipt.subject).toContain('“Museum visit”');
    expect(receipt.text_body).toContain('for Amelia and Zoe: I agree, signed “Joy M. Charles”');
    expect(receipt.text_body).not.toContain('Botanic');
  });

  it('asks for which daughter when the form needs an answer for each, and takes one answer for each', async () => {
    const form = await writeForm(admin, tripForm(t, { title: 'Swimming', class_ids: ['3A', '5A'], per_daughter: true }));
    const unnamed = await post(motherClient, form, answerOf('agree', 'Joy Charles'));
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors).toEqual({ student_id: [consentMessages.sayWhichDaughter] });
    expect((await post(motherClient, form, answerOf('agree', 'Joy Charles', { student_id: amelia.id }))).statusCode).toBe(200);
    expect((await post(motherClient, form, answerOf('disagree', 'Joy Charles', { student_id: zoe.id }))).statusCode).toBe(200);
    expect((await standingAnswers(form.id)).map((row) => [row.student_id, row.student_key, row.answer])).toEqual([
      [amelia.id, amelia.id, 'agree'],
      [zoe.id, zoe.id, 'disagree'],
    ]);
    const receipts = await t.db.selectFrom('outbox').select('student_id').where('event', '=', `consent.answered:${form.id}`).orderBy('id').execute();
    expect(receipts).toEqual([{ student_id: amelia.id }, { student_id: zoe.id }]);
  });

  it('answers 404 for a girl who is not hers, restricted to her, or who does not exist, alike', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['3A'], per_daughter: true }));
    const classmate = await createStudent(t.db, { class_id: '3A' });
    const restrictedGirl = await createStudent(t.db, { class_id: '3A' });
    await linkGuardian(t.db, mother, restrictedGirl.id, { restricted: true });
    const bodies = [];
    for (const studentId of [classmate.id, restrictedGirl.id, '20999999']) {
      const answer = await post(motherClient, form, answerOf('agree', 'Joy Charles', { student_id: studentId }));
      expect(answer.statusCode, studentId).toBe(404);
      bodies.push(answer.body);
    }
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ message: messages.noSuchStudent })]));
    expect(await standingAnswers(form.id)).toEqual([]);
  });

  it('refuses a name that signs for nobody: empty, without two letters, too long, or with a control character', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['3A'] }));
    for (const [typed, message] of [
      ['   ', consentMessages.typeYourName],
      ['x', consentMessages.nameNeedsLetters],
      ['- . 7', consentMessages.nameNeedsLetters],
      ['J'.repeat(101), messages.tooLong(100)],
      ['Joy\nCharles', messages.forbiddenCharacter('Your name')],
    ] as const) {
      const answer = await post(motherClient, form, answerOf('agree', typed));
      expect(answer.statusCode, typed).toBe(422);
      expect(answer.json().errors.typed_name, typed).toEqual([message]);
    }
    const choice = await post(motherClient, form, { answer: 'maybe', typed_name: 'Joy Charles' });
    expect(choice.json().errors.answer).toEqual([consentMessages.chooseAnswer]);
    // Any script signs: two letters of it.
    expect((await post(motherClient, form, answerOf('agree', '李明'))).statusCode).toBe(200);
    expect(await standingAnswers(form.id)).toHaveLength(1);
  });

  it('keeps one answer: a second is 409; a change names the answer it replaces, and a stale change is 409', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['5A'] }));
    const first = (await post(motherClient, form, answerOf('agree', 'Joy Charles'))).json() as ConsentAnswered;
    const second = await post(motherClient, form, answerOf('disagree', 'Joy Charles'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: consentMessages.alreadyAnswered, answer: { answer: 'agree' } });

    const changed = await post(motherClient, form, answerOf('disagree', 'Joy Charles', { replaces: first.consent.answer!.id }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as ConsentAnswered).consent.answer).toMatchObject({ answer: 'disagree' });
    const stale = await post(motherClient, form, answerOf('agree', 'Joy Charles', { replaces: first.consent.answer!.id }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(consentMessages.answerChanged);
    const rows = await standingAnswers(form.id);
    expect(rows.map((row) => [row.answer, row.superseded_at === null])).toEqual([
      ['agree', false],
      ['disagree', true],
    ]);
  });

  it('refuses an answer or a change after the closing day with a clear message, and keeps the answer given', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['3A'] }));
    const given = (await post(motherClient, form, answerOf('agree', 'Joy Charles'))).json() as ConsentAnswered;
    const closedOn = schoolDay(t, -1);
    await t.db.updateTable('consent_forms').set({ closes_on: closedOn }).where('public_id', '=', form.id).execute();
    for (const body of [answerOf('disagree', 'Joy Charles', { replaces: given.consent.answer!.id }), answerOf('disagree', 'Joy Charles')]) {
      const refused = await post(motherClient, form, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(consentMessages.closed(closedOn));
      expect(refused.json().message).toMatch(/^This form closed on \d{4}-\d{2}-\d{2}: answers can no longer be given or changed\.$/);
    }
    expect((await standingAnswers(form.id)).map((row) => [row.answer, row.superseded_at])).toEqual([['agree', null]]);
  });

  it('stores one of 50 answers one guardian sends at once; the other 49 are 409, with no audit row or receipt of theirs', async () => {
    const form = await writeForm(admin, tripForm(t, { title: 'Fifty at once', class_ids: ['3A'] }));
    const clients = await Promise.all(Array.from({ length: 50 }, (_, n) => withGuardianSession(new TestClient(t.app, `10.63.0.${n + 1}`), t.db, mother)));
    const answers = await Promise.all(clients.map((client, n) => post(client, form, answerOf(n % 2 ? 'agree' : 'disagree', `Joy Charles ${n}`))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json().message).toBe(consentMessages.alreadyAnswered);
    const rows = await standingAnswers(form.id);
    expect(rows).toHaveLength(1);
    const kept = answers.find((answer) => answer.statusCode === 200)!.json() as ConsentAnswered;
    expect(rows[0].typed_name).toBe(kept.consent.answer!.typed_name);
    const audited = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'consent.answered').where('detail', 'like', `%${form.id}%`).execute();
    expect(audited).toHaveLength(1);
    const receipts = await t.db.selectFrom('outbox').select('id').where('event', '=', `consent.answered:${form.id}`).execute();
    expect(receipts).toHaveLength(1);
  }, 120_000);

  it('keeps one of 50 changes of her answer sent at once; the others are told it was changed meanwhile', async () => {
    const form = await writeForm(admin, tripForm(t, { title: 'Fifty changes', class_ids: ['5A'] }));
    const first = (await post(motherClient, form, answerOf('agree', 'Joy Charles'))).json() as ConsentAnswered;
    const clients = await Promise.all(Array.from({ length: 50 }, (_, n) => withGuardianSession(new TestClient(t.app, `10.64.0.${n + 1}`), t.db, mother)));
    const answers = await Promise.all(clients.map((client) => post(client, form, answerOf('disagree', 'Joy Charles', { replaces: first.consent.answer!.id }))));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message)).toEqual(Array(49).fill(consentMessages.answerChanged));
    expect((await standingAnswers(form.id)).filter((row) => row.superseded_at === null)).toHaveLength(1);
    expect(await standingAnswers(form.id)).toHaveLength(2);
  }, 120_000);

  it('is a guardian’s call: staff and students may not answer', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['3A'] }));
    expect((await post(admin, form, answerOf('agree', 'Registrar'))).statusCode).toBe(403);
  });
});
