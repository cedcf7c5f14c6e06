import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApp, completeRecordFields, openRegistration, signedInStudent, storeCompleteRegistration, type TestStudent } from '../../helpers/factories.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { proposedMoves } from '../school-year/school-year-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

let student: TestStudent;
let client: TestClient;

const load = async (who = client) => (await who.get(`/api/student/${student.id}`)).json();
const confirm = (step: unknown, who = client) => who.post('/api/registration/confirm-step', { step });
const reviewedRow = () =>
  t.db
    .selectFrom('form_progress')
    .select(['studentData_reviewed', 'familyData_reviewed', 'healthData_reviewed', 'otherData_reviewed', 'documents_reviewed'])
    .where('student_id', '=', student.id)
    .executeTakeFirstOrThrow();

/**
 * A returning student: last year complete and agreed, with her documents, then moved into the new
 * year by a rollover (which clears every done flag, reviewed mark and the agreement, and keeps her data).
 */
async function returningStudent() {
  ({ student, client } = await signedInStudent(t, { class_id: '1A', ...completeRecordFields, agree_terms_conditions: 1, terms_and_conditions: 'terms' }));
  await storeCompleteRegistration(t.db, student.id);
  const year = (await admin.get('/api/school-year')).json().year as number;
  const rolled = await admin.post('/api/school-year/rollover', { to_year: year + 1, classes: await proposedMoves(t.db), dry_run: false });
  expect(rolled.statusCode).toBe(200);
  await openRegistration(t.db);
}

const nothingDone = { studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0 };
const nothingReviewed = { studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0 };

describe("a returning student's yearly review (decision 026)", () => {
  beforeEach(returningStudent);

  it('opens on her kept data with every step complete but none done, and the agreement refused until each is reviewed', async () => {
    const opened = await load();
    expect(opened.record).toMatchObject({ home_address: completeRecordFields.home_address, agree_terms_conditions: 0 });
    expect(opened.progress).toEqual({ ...nothingDone, reviewed: nothingReviewed });

    const refused = await client.post('/api/student', { ...opened.record, agree_terms_conditions: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Complete every step before agreeing to the terms: Student Data, Family Data, Health Data, Other Data, Documents are still incomplete.',
    );
  });

  it("marks a step reviewed with 'Nothing has changed', without an edit, and counts it done", async () => {
    const before = await load();
    const response = await confirm('familyData');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Thank you: you have confirmed Family Data.',
      progress: { ...nothingDone, familyData: 1, reviewed: { ...nothingReviewed, familyData: 1 } },
    });
    expect(await reviewedRow()).toMatchObject({ familyData_reviewed: 1, studentData_reviewed: 0 });
    // No edit: the record and its version are as they were.
    expect((await load()).record).toEqual(before.record);
    // A second press changes nothing more.
    expect((await confirm('familyData')).json().progress.familyData).toBe(1);
  });

  it('confirms her carried-over documents, and the agreement is accepted once every step is done and reviewed', async () => {
    const documents = await confirm('documents');
    expect(documents.json().progress).toMatchObject({ documents: 1, reviewed: { documents: 1 } });
    for (const step of ['studentData', 'familyData', 'healthData']) expect((await confirm(step)).statusCode).toBe(200);

    const { record } = await load();
    const refused = await client.post('/api/student', { ...record, agree_terms_conditions: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Complete every step before agreeing to the terms: Other Data is still incomplete.');

    // Her autosave of one field reviews that field's step too.
    const changed = await client.post('/api/student', { ...record, device_type: 'Tablet' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().progress).toMatchObject({ otherData: 1, reviewed: { otherData: 1 } });

    const agreed = await client.post('/api/student', { ...changed.json().record, agree_terms_conditions: 1 });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().progress).toEqual({
      ...{ studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1 },
      reviewed: { studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1 },
    });
  });

  it('leaves the Documents step undone when a document is missing, until she uploads it', async () => {
    await t.db.deleteFrom('uploaded_files').where('student_id', '=', student.id).where('file_type', '=', 'sea_slip').execute();
    expect((await confirm('documents')).json().progress).toMatchObject({ documents: 0, reviewed: { documents: 1 } });
  });

  it('takes 100 confirmations at once, of every step, and loses none', async () => {
    const steps = ['studentData', 'familyData', 'healthData', 'otherData', 'documents'];
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => confirm(steps[index % steps.length])));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    expect(await reviewedRow()).toEqual({
      studentData_reviewed: 1,
      familyData_reviewed: 1,
      healthData_reviewed: 1,
      otherData_reviewed: 1,
      documents_reviewed: 1,
    });
    expect((await load()).progress).toEqual({
      ...nothingDone,
      studentData: 1,
      familyData: 1,
      healthData: 1,
      otherData: 1,
      documents: 1,
      reviewed: { ...nothingReviewed, studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1 },
    });
  });

  it('keeps a mark made while her autosaves of other steps run at the same moment', async () => {
    const { record } = await load();
    const answers = await Promise.all([
      confirm('healthData'),
      ...Array.from({ length: 20 }, (_, index) => client.post('/api/student', { ...record, achivements: `Netball ${index}` })),
    ]);
    expect(answers[0].statusCode).toBe(200);
    // One save wins the version; the others are told the record moved on (409), as ever.
    expect(answers.slice(1).filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await reviewedRow()).toMatchObject({ healthData_reviewed: 1, otherData_reviewed: 1 });
  });
});

describe('POST /api/registration/confirm-step, refused', () => {
  beforeEach(async () => {
    ({ student, client } = await signedInStudent(t, { class_id: '3A' }));
    await openRegistration(t.db);
  });

  it('to staff with 403, and to a visitor with 401', async () => {
    const response = await confirm('healthData', admin);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only a student can confirm a step of her own registration.');
    // A visitor, with the CSRF cookie and header a page has, is asked to sign in.
    const visitor = await confirm('healthData', await new TestClient(t.app).start());
    expect(visitor.statusCode).toBe(401);
    expect(await reviewedRow()).toMatchObject({ healthData_reviewed: 0 });
  });

  it('while registration is closed, with the message her autosave gets', async () => {
    await t.db.updateTable('registration_status').set({ open: 0 }).execute();
    const { record } = await load();
    const save = await client.post('/api/student', { ...record, allergy: 'Pollen' });
    expect(save.statusCode).toBe(403);
    const response = await confirm('healthData');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(save.json().message);
    expect(await reviewedRow()).toMatchObject({ healthData_reviewed: 0 });
  });

  it('for a step that is not one, with 422', async () => {
    for (const step of ['submit', 'Health Data', null, 3]) {
      const response = await confirm(step);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Choose a step to confirm: studentData, familyData, healthData, otherData, documents.');
    }
    expect((await client.post('/api/registration/confirm-step', {})).statusCode).toBe(422);
  });
});

describe("a first-year student's Health Data", () => {
  it("is reviewed by her first save of it or by 'Nothing has changed'", async () => {
    ({ student, client } = await signedInStudent(t, { class_id: '1B' }));
    await openRegistration(t.db);
    expect((await load()).progress).toMatchObject({ healthData: 0, reviewed: { healthData: 0 } });
    expect((await confirm('healthData')).json().progress).toMatchObject({ healthData: 1, reviewed: { healthData: 1 } });

    const other = await signedInStudent(t, { class_id: '1B' });
    const { record } = (await other.client.get(`/api/student/${other.student.id}`)).json();
    const saved = await other.client.post('/api/student', { ...record, asthma: 1 });
    expect(saved.json().progress).toMatchObject({ healthData: 1, reviewed: { healthData: 1 } });
  });
});
