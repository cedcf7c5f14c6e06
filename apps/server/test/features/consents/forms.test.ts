import { consentMessages, messages, type ConsentForm, type ConsentForms } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { answerOf, schoolDay, tripForm, writeForm } from './consents-helpers.ts';

/**
 * The admin's consent forms (issue 51 point 3, decision 067): written for classes with a closing
 * day; their words change in place until a guardian answers, then as a new version, each answer
 * keeping the words it agreed to. Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
let office: TestClient;
let teacher: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  office = await signedInStaff(t.app, t.db, 'office-forms', { role: 'office' });
  teacher = await signedInStaff(t.app, t.db, 'teacher-forms', { role: 'teacher', classes: ['2B'] });
});
afterAll(() => t.close());

const auditOf = (action: string) => t.db.selectFrom('audit_log').select(['actor_id', 'detail']).where('action', '=', action).orderBy('id').execute();

describe('POST /api/consents', () => {
  it('writes a form for its classes, open through its closing day, named by a public ID, and audits it', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['2B', '3C', '2B'], per_daughter: true }));
    expect(form).toMatchObject({
      kind: 'form',
      title: 'Trip to the Botanic Gardens',
      class_ids: ['2B', '3C'],
      closes_on: schoolDay(t, 7),
      per_daughter: true,
      open: true,
      version: 1,
      answers: 0,
      versions: [{ version: 1 }],
    });
    expect(form.text).toContain('\n\nThe bus leaves at 8:00');
    expect(form.id).not.toMatch(/^\d+$/);
    expect((await admin.get(`/api/consents/${form.id}`)).json()).toEqual(form);
    expect(await auditOf('consent-form.created')).toContainEqual({
      actor_id: 'registrar',
      detail: `form ${form.id} for classes 2B, 3C, closing ${schoolDay(t, 7)}`,
    });
  });

  it('refuses what a form cannot be, each with its message: no title, no class, a class the school does not have, a closing day past or too far', async () => {
    const refused = async (fields: object, field: string, message: string) => {
      const answer = await admin.post('/api/consents', { ...tripForm(t), ...fields });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().errors[field]).toEqual([message]);
    };
    await refused({ title: '   ' }, 'title', messages.required);
    await refused({ title: 'Trip\u0007' }, 'title', messages.forbiddenCharacter('The title'));
    await refused({ text: '' }, 'text', messages.required);
    await refused({ text: 'x'.repeat(20_001) }, 'text', messages.tooLong(20_000));
    await refused({ class_ids: [] }, 'class_ids', consentMessages.chooseClasses);
    await refused({ class_ids: ['2B', '9Z'] }, 'class_ids', messages.noSuchClass('9Z'));
    await refused({ closes_on: schoolDay(t, -1) }, 'closes_on', consentMessages.closesInPast);
    await refused({ closes_on: schoolDay(t, 367) }, 'closes_on', consentMessages.closesTooLate);
    await refused({ closes_on: '2026-02-30' }, 'closes_on', messages.dayShape);
    // Today is a closing day: the form is open through it.
    expect((await writeForm(admin, tripForm(t, { closes_on: schoolDay(t) }))).open).toBe(true);
  });

  it('is for admins: the office and teachers may not write one; the office reads the forms, a teacher not', async () => {
    expect((await office.post('/api/consents', tripForm(t))).statusCode).toBe(403);
    expect((await teacher.post('/api/consents', tripForm(t))).statusCode).toBe(403);
    const listed = await office.get('/api/consents');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as ConsentForms).forms.length).toBeGreaterThan(0);
    expect((await teacher.get('/api/consents')).statusCode).toBe(403);
    const guardian = await withGuardianSession(new TestClient(t.app, '10.61.0.1'), t.db, await createGuardian(t.db));
    expect((await guardian.get('/api/consents')).statusCode).toBe(403);
    expect((await guardian.post('/api/consents', tripForm(t))).statusCode).toBe(403);
  });
});

describe('PATCH /api/consents/{id}', () => {
  it('changes the words in place until a guardian answers; after that, new words are version 2 and her answer keeps version 1', async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['4D'] }));
    const edited = await admin.patch(`/api/consents/${form.id}`, { updated_at: form.updated_at, text: 'The trip is on Friday.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 1, text: 'The trip is on Friday.', versions: [{ version: 1 }] });

    const girl = await createStudent(t.db, { class_id: '4D' });
    const mother = await createGuardian(t.db);
    await linkGuardian(t.db, mother, girl.id);
    const client = await withGuardianSession(new TestClient(t.app, '10.61.0.2'), t.db, mother);
    expect((await client.post(`/api/consents/${form.id}/answers`, answerOf('agree', 'Joy Charles'))).statusCode).toBe(200);

    const again = await admin.patch(`/api/consents/${form.id}`, { updated_at: (edited.json() as ConsentForm).updated_at, text: 'The trip is on Monday.' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ version: 2, text: 'The trip is on Monday.', answers: 1, versions: [{ version: 1 }, { version: 2 }] });
    const texts = await t.db
      .selectFrom('consent_answers as a')
      .innerJoin('consent_texts as x', 'x.id', 'a.text_id')
      .select(['x.version', 'x.text'])
      .where('a.guardian_id', '=', mother.id)
      .execute();
    expect(texts).toEqual([{ version: 1, text: 'The trip is on Friday.' }]);
    // Her dashboard shows the words now, and that she answered version 1.
    const [item] = (await client.get('/api/guardian/consents')).json().consents;
    expect(item).toMatchObject({ version: 2, text: 'The trip is on Monday.', answer: { version: 1, answer: 'agree' } });
    // Changed again before anyone answers version 2: still version 2.
    const third = await admin.patch(`/api/consents/${form.id}`, { updated_at: (again.json() as ConsentForm).updated_at, text: 'The trip is on Tuesday.' });
    expect(third.json()).toMatchObject({ version: 2, text: 'The trip is on Tuesday.' });
    expect((await auditOf('consent-form.changed')).map((row) => row.detail)).toContain(`form ${form.id}: text version 2`);
  });

  it('keeps one of 50 changes sent at once to the form as it was read; the other 49 are told it changed meanwhile (409)', async () => {
    const form = await writeForm(admin, tripForm(t));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => admin.patch(`/api/consents/${form.id}`, { updated_at: form.updated_at, title: `Title ${n}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message)).toEqual(Array(49).fill(consentMessages.formChanged));
    const kept = answers.find((answer) => answer.statusCode === 200)!.json() as ConsentForm;
    expect((await admin.get(`/api/consents/${form.id}`)).json()).toMatchObject({ title: kept.title, updated_at: kept.updated_at });
    const audited = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'consent-form.changed')
      .where('detail', 'like', `form ${form.id}:%`)
      .execute();
    expect(audited).toEqual([{ detail: `form ${form.id}: title` }]);
  }, 120_000);

  it("refuses to switch 'needed for each daughter' once a guardian has answered, and the registration's agreement any edit", async () => {
    const form = await writeForm(admin, tripForm(t, { class_ids: ['4E'] }));
    const girl = await createStudent(t.db, { class_id: '4E' });
    const father = await createGuardian(t.db);
    await linkGuardian(t.db, father, girl.id, { relationship: 'father' });
    const client = await withGuardianSession(new TestClient(t.app, '10.61.0.3'), t.db, father);
    await client.post(`/api/consents/${form.id}/answers`, answerOf('disagree', 'Mark Joseph'));
    const refused = await admin.patch(`/api/consents/${form.id}`, { updated_at: form.updated_at, per_daughter: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(consentMessages.perDaughterFixed);
    // The title and the closing day may still change.
    const moved = await admin.patch(`/api/consents/${form.id}`, { updated_at: form.updated_at, title: 'Trip (moved)', closes_on: schoolDay(t, 10) });
    expect(moved.json()).toMatchObject({ title: 'Trip (moved)', closes_on: schoolDay(t, 10), per_daughter: false });

    await admin.request('PUT', '/api/consent-settings', { registration_agreement: true });
    const registration = (await admin.get('/api/consents')).json().forms.find((each: { kind: string }) => each.kind === 'registration');
    const fixed = await admin.patch(`/api/consents/${registration.id}`, { updated_at: registration.updated_at, title: 'Other' });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().message).toBe(consentMessages.registrationFixed);
    await admin.request('PUT', '/api/consent-settings', { registration_agreement: false });
  });

  it('answers 404 for a form that does not exist, and the office may not edit one', async () => {
    expect((await admin.patch('/api/consents/no-such-form', { updated_at: 'x', title: 'T' })).json()).toEqual({ message: consentMessages.noSuchForm });
    expect((await admin.get('/api/consents/no-such-form')).statusCode).toBe(404);
    const form = await writeForm(admin, tripForm(t));
    expect((await office.patch(`/api/consents/${form.id}`, { updated_at: form.updated_at, title: 'T' })).statusCode).toBe(403);
  });
});
