import { consentMessages, registrationConsentId, type ConsentAnswered, type ConsentAnswers, type GuardianAgreement } from '@school/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agreedTermsText } from '../../../src/features/registration/index.ts';
import { adminApp, createStudent, signedInStaff, signedInStudent, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { answerOf, consentsOf } from './consents-helpers.ts';

/**
 * The yearly registration's agreement asked of a linked guardian (issue 51 point 3, decision 067):
 * off until an admin switches it on; then a consent the family's dashboard shows for each daughter
 * whose registration is open, its words the year's terms, and the record shows whether it was given.
 * Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
let office: TestClient;
let year: number;
let girl: TestStudent;
let girlClient: TestClient;
let sister: TestStudent;
let mother: TestGuardian;
let motherClient: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  office = await signedInStaff(t.app, t.db, 'office-registration', { role: 'office' });
  year = (await t.db.selectFrom('school_year').select('year').executeTakeFirstOrThrow()).year;
  ({ student: girl, client: girlClient } = await signedInStudent(t, { first_name: 'Marisol', class_id: '1B' }));
  sister = await createStudent(t.db, { first_name: 'Rosa', class_id: '4B' });
  mother = await createGuardian(t.db, { name: 'Marta Ramirez', email: 'marta@example.org' });
  await linkGuardian(t.db, mother, girl.id);
  await linkGuardian(t.db, mother, sister.id);
  motherClient = await withGuardianSession(new TestClient(t.app, '10.67.0.1'), t.db, mother);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.updateTable('registration_status').set({ open: 1, deadline: null }).execute();
});

const setting = (on: boolean) => admin.request('PUT', '/api/consent-settings', { registration_agreement: on });
const agreementOf = async (client: TestClient, studentId: string) => {
  const answer = await client.get(`/api/student/${studentId}/guardian-agreement`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as GuardianAgreement;
};

describe('the school’s switch', () => {
  it('is off by default: no guardian is asked, and the record says it is not asked', async () => {
    expect((await admin.get('/api/consent-settings')).json()).toEqual({ registration_agreement: false });
    expect((await consentsOf(motherClient)).filter((item) => item.kind === 'registration')).toEqual([]);
    expect(await agreementOf(girlClient, girl.id)).toMatchObject({ asked: false, given: false, answers: [] });
    expect(
      (await motherClient.post(`/api/consents/${registrationConsentId(year)}/answers`, answerOf('agree', 'Marta Ramirez', { student_id: girl.id }))).statusCode,
    ).toBe(404);
  });

  it('is an admin’s to switch, audited; the office may not', async () => {
    expect((await office.request('PUT', '/api/consent-settings', { registration_agreement: true })).statusCode).toBe(403);
    expect((await office.get('/api/consent-settings')).statusCode).toBe(403);
    const on = await setting(true);
    expect(on.json()).toEqual({ registration_agreement: true });
    const audit = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'consent-settings.changed').execute();
    expect(audit).toEqual([{ detail: 'registration agreement on' }]);
    await setting(false);
  });
});

describe('switched on', () => {
  beforeEach(async () => {
    await setting(true);
  });

  it('asks her for each daughter whose registration is open, with the year’s terms as its words', async () => {
    await t.db.updateTable('registration_status').set({ open: 0 }).where('form_level', '=', 4).execute();
    const items = (await consentsOf(motherClient)).filter((item) => item.kind === 'registration');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      form_id: registrationConsentId(year),
      title: consentMessages.registrationTitle(`${year}-${year + 1}`),
      per_daughter: true,
      student_id: girl.id,
      closes_on: null,
      answer: null,
    });
    expect(items[0].text).toBe(agreedTermsText(`${year}-${year + 1}`));
    // The staff list shows it first, before its first answer stores it.
    expect((await office.get('/api/consents')).json().forms[0]).toMatchObject({
      id: registrationConsentId(year),
      kind: 'registration',
      open: true,
      answers: 0,
    });
  });

  it('takes her agreement for one daughter, and shows on the girl’s record that it was given, by whom', async () => {
    const answer = await motherClient.post(`/api/consents/${registrationConsentId(year)}/answers`, answerOf('agree', 'Marta Ramirez', { student_id: girl.id }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as ConsentAnswered).consent).toMatchObject({ student_id: girl.id, answer: { answer: 'agree', version: 1 } });
    const stored = await t.db
      .selectFrom('consent_texts as x')
      .innerJoin('consent_forms as f', 'f.id', 'x.form_id')
      .select('x.text')
      .where('f.public_id', '=', registrationConsentId(year))
      .execute();
    expect(stored).toEqual([{ text: agreedTermsText(`${year}-${year + 1}`) }]);

    const seen = await agreementOf(girlClient, girl.id);
    expect(seen).toMatchObject({ asked: true, academic_year: `${year}-${year + 1}`, given: true });
    expect(seen.answers).toEqual([
      { guardian_name: 'Marta Ramirez', relationship: 'mother', answer: 'agree', typed_name: 'Marta Ramirez', answered_at: expect.any(String) },
    ]);
    expect(await agreementOf(office, sister.id)).toMatchObject({ asked: true, given: false, answers: [] });
    // Staff reading it is on her privacy page's list; her own read is not.
    const reads = await t.db.selectFrom('audit_log').select(['actor_kind', 'student_id']).where('action', '=', 'registration-agreement.viewed').execute();
    expect(reads).toEqual([{ actor_kind: 'admin', student_id: sister.id }]);

    // The staff's list counts the students of open forms: Marisol agreed, Rosa not yet.
    const list = (await office.get(`/api/consents/${registrationConsentId(year)}/answers`)).json() as ConsentAnswers;
    const byId = new Map(list.classes.flatMap((each) => each.students).map((student) => [student.student_id, student.state]));
    expect([byId.get(girl.id), byId.get(sister.id)]).toEqual(['agreed', 'no_answer']);
    // Her registration form prints it.
    const pdf = await office.get(`/api/registration-form/${girl.id}`);
    expect(pdfText(pdf.rawPayload)).toContain('Agreed by a parent or guardian: Yes');
  });

  it('stores the agreement once, with one text version, when her father and she answer first at the same moment', async () => {
    const father = await createGuardian(t.db, { name: 'Pablo Ramirez' });
    await linkGuardian(t.db, father, sister.id, { relationship: 'father' });
    const fatherClient = await withGuardianSession(new TestClient(t.app, '10.67.0.2'), t.db, father);
    await t.db.deleteFrom('consent_forms').where('public_id', '=', registrationConsentId(year)).execute();
    const answers = await Promise.all([
      motherClient.post(`/api/consents/${registrationConsentId(year)}/answers`, answerOf('agree', 'Marta Ramirez', { student_id: sister.id })),
      fatherClient.post(`/api/consents/${registrationConsentId(year)}/answers`, answerOf('agree', 'Pablo Ramirez', { student_id: sister.id })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const forms = await t.db.selectFrom('consent_forms').select('id').where('public_id', '=', registrationConsentId(year)).execute();
    expect(forms).toHaveLength(1);
    expect(await t.db.selectFrom('consent_texts').select('version').where('form_id', '=', forms[0].id).execute()).toEqual([{ version: 1 }]);
    expect(await t.db.selectFrom('consent_answers').select('typed_name').where('form_id', '=', forms[0].id).orderBy('typed_name').execute()).toEqual([
      { typed_name: 'Marta Ramirez' },
      { typed_name: 'Pablo Ramirez' },
    ]);
    await t.db.deleteFrom('consent_forms').where('public_id', '=', registrationConsentId(year)).execute();
  });

  it('refuses her agreement once the daughter’s registration has closed, naming her', async () => {
    await t.db
      .updateTable('registration_status')
      .set({ deadline: new Date(Date.now() - 60_000).toISOString() })
      .where('form_level', '=', 4)
      .execute();
    expect((await consentsOf(motherClient)).filter((item) => item.kind === 'registration').map((item) => item.student_id)).not.toContain(sister.id);
    const refused = await motherClient.post(
      `/api/consents/${registrationConsentId(year)}/answers`,
      answerOf('agree', 'Marta Ramirez', { student_id: sister.id }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(consentMessages.registrationClosed('Rosa'));
  });

  it('answers a student about herself only, and staff about any girl; a guardian never reads the record’s call', async () => {
    const other = await createStudent(t.db, { class_id: '1B' });
    expect((await girlClient.get(`/api/student/${other.id}/guardian-agreement`)).statusCode).toBe(403);
    expect((await motherClient.get(`/api/student/${girl.id}/guardian-agreement`)).statusCode).toBe(404);
    expect((await office.get('/api/student/20999999/guardian-agreement')).statusCode).toBe(404);
  });
});
