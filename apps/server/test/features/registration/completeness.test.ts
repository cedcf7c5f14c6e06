import { birthDateRange, todayIso } from '@school/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { completeRecordFields, createAdminUser, openRegistration, signedInAdmin, signedInStudent, type TestStudent } from '../../helpers/factories.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

let student: TestStudent;
let client: TestClient;
beforeEach(async () => {
  ({ student, client } = await signedInStudent(t, { class_id: '3A' }));
  await openRegistration(t.db);
});

const load = async () => (await client.get(`/api/student/${student.id}`)).json();
const save = (body: Record<string, unknown>, who = client) => who.post('/api/student', body);
const progressRow = () => t.db.selectFrom('form_progress').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Uploads one document as the web app does (multipart: id, file_type, then the file). */
async function upload(fileType: string) {
  const bytes =
    fileType === 'picture'
      ? await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0b2a5b' } })
          .png()
          .toBuffer()
      : PDF;
  const name = fileType === 'picture' ? 'me.png' : `${fileType}.pdf`;
  const boundary = '----completeness-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${student.id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\n${fileType}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await client.request('POST', '/api/store-file', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  expect(response.statusCode).toBe(200);
}
const uploadAll = async () => {
  for (const type of ['birth_certificate', 'immunization_card', 'sea_slip', 'picture']) await upload(type);
};

/** Fills every data step (her saves review them) and confirms Health Data as it is; the documents are left to the caller. */
async function completeDataSteps() {
  const { record } = await load();
  const saved = await save({ ...record, ...completeRecordFields });
  expect(saved.statusCode).toBe(200);
  expect((await client.post('/api/registration/confirm-step', { step: 'healthData' })).statusCode).toBe(200);
  return (await load()).record;
}

/** Every step complete, the documents uploaded too. */
async function completeEverything() {
  await completeDataSteps();
  await uploadAll();
  return (await load()).record;
}

describe('the agreement (decision 026)', () => {
  it('is refused with 422 naming the incomplete steps while any step is incomplete', async () => {
    const { record } = await load();
    const response = await save({ ...record, agree_terms_conditions: 1 });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe(
      'Complete every step before agreeing to the terms: Student Data, Family Data, Health Data, Other Data, Documents are still incomplete.',
    );
    expect(body.errors.agree_terms_conditions).toEqual([body.message]);
    expect((await load()).record.agree_terms_conditions).toBe(0);
    expect((await progressRow()).submit).toBe(0);
  });

  it('is refused when only the documents are missing, and accepted once they are in', async () => {
    const record = await completeDataSteps();
    const refused = await save({ ...record, agree_terms_conditions: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Complete every step before agreeing to the terms: Documents is still incomplete.');

    await uploadAll();
    const accepted = await save({ ...(await load()).record, agree_terms_conditions: 1 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().progress).toEqual({
      ...{ studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1 },
      reviewed: { studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1 },
    });
  });

  it('stores the school’s terms of its current year with the agreement, whatever terms text the save carries', async () => {
    const record = await completeEverything();
    // The terms name the year registered for: the school's stored year, not the calendar's.
    const { year } = await t.db.selectFrom('school_year').select('year').executeTakeFirstOrThrow();
    await t.db.updateTable('school_year').set({ year: 2031 }).execute();
    onTestFinished(() =>
      t.db
        .updateTable('school_year')
        .set({ year })
        .execute()
        .then(() => undefined),
    );
    const { terms } = await load();
    expect(terms.version).toBe('Registration terms 2031-2032');
    expect(terms.items.length).toBeGreaterThan(2);

    const agreed = await save({ ...record, agree_terms_conditions: 1, terms_and_conditions: 'I agree to nothing at all.' });
    expect(agreed.statusCode).toBe(200);
    const stored = agreed.json().record.terms_and_conditions as string;
    expect(stored.startsWith('Registration terms 2031-2032\n1. ')).toBe(true);
    expect(stored).toContain(terms.items[0]);

    const rewrite = await save({ ...agreed.json().record, terms_and_conditions: 'Rewritten by the student.' });
    expect(rewrite.statusCode).toBe(200);
    expect((await load()).record.terms_and_conditions).toBe(stored);

    const withdrawn = await save({ ...rewrite.json().record, agree_terms_conditions: 0 });
    expect(withdrawn.json().record.terms_and_conditions).toBeNull();
    expect(withdrawn.json().progress.submit).toBe(0);
  });

  it('drops the submit flag when a document is removed after the agreement', async () => {
    const record = await completeEverything();
    expect((await save({ ...record, agree_terms_conditions: 1 })).json().progress.submit).toBe(1);
    expect((await client.delete(`/api/file?id=${student.id}&fileType=sea_slip`)).statusCode).toBe(200);
    expect(await progressRow()).toMatchObject({ documents: 0, submit: 0 });
    expect((await load()).progress).toMatchObject({ documents: 0, submit: 0 });
  });
});

describe('the completed registration', () => {
  /** Today and the school year as the school's calendar (Port of Spain) reads them. */
  const schoolToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Port_of_Spain' }).format(new Date());
  const schoolYear = () => {
    const [year, month] = schoolToday().split('-').map(Number);
    const first = month >= 9 ? year : year - 1;
    return `${first}-${first + 1}`;
  };

  it('answers the school year being registered for, and no completion day before the agreement', async () => {
    const answer = await load();
    expect(answer.registration.academic_year).toBe(schoolYear());
    expect(answer.completed_on).toBeNull();
  });

  it('is dated with the school’s day when she agrees, keeps that day while it stays complete, and loses it on withdrawal', async () => {
    const record = await completeEverything();
    const agreed = await save({ ...record, agree_terms_conditions: 1 });
    expect(agreed.statusCode).toBe(200);
    expect((await load()).completed_on).toBe(schoolToday());
    expect((await progressRow()).completed_on).toBe(Number(schoolToday().replaceAll('-', '')));

    // Completed on an earlier day: a later change to the record keeps that day.
    await t.db.updateTable('form_progress').set({ completed_on: 20260902 }).where('student_id', '=', student.id).execute();
    const later = await save({ ...agreed.json().record, achivements: 'Netball' });
    expect(later.statusCode).toBe(200);
    expect((await load()).completed_on).toBe('2026-09-02');

    const withdrawn = await save({ ...later.json().record, agree_terms_conditions: 0 });
    expect(withdrawn.statusCode).toBe(200);
    expect((await load()).completed_on).toBeNull();
    expect((await progressRow()).completed_on).toBe(0);
  });

  it('is dated afresh when a removed document comes back', async () => {
    const record = await completeEverything();
    expect((await save({ ...record, agree_terms_conditions: 1 })).statusCode).toBe(200);
    await t.db.updateTable('form_progress').set({ completed_on: 20260902 }).where('student_id', '=', student.id).execute();
    expect((await client.delete(`/api/file?id=${student.id}&fileType=sea_slip`)).statusCode).toBe(200);
    expect((await load()).completed_on).toBeNull();
    await upload('sea_slip');
    expect((await load()).completed_on).toBe(schoolToday());
  });
});

describe('Health Data, reviewed like every step (decision 026)', () => {
  it('counts as done once she has saved one of its fields, not on a save of another step', async () => {
    const { record } = await load();
    const saved = await save({ ...record, first_name: 'Kezia' === record.first_name ? 'Keziah' : 'Kezia' });
    expect(saved.json().progress).toMatchObject({ healthData: 0, reviewed: { studentData: 1, healthData: 0 } });
    const health = await save({ ...saved.json().record, allergy: 'Pollen' });
    expect(health.json().progress).toMatchObject({ healthData: 1, reviewed: { healthData: 1 } });
    expect(await progressRow()).toMatchObject({ healthData: 1, healthData_reviewed: 1 });
  });

  it('stays incomplete while a health note is too long, even once reviewed', async () => {
    await t.db
      .updateTable('students')
      .set({ allergy: 'x'.repeat(1001) })
      .where('id', '=', student.id)
      .execute();
    const confirmed = await client.post('/api/registration/confirm-step', { step: 'healthData' });
    expect(confirmed.json().progress).toMatchObject({ healthData: 0, reviewed: { healthData: 1 } });
  });

  it("is not reviewed by a staff member's save of it", async () => {
    const admin = await signedInAdmin(t.app);
    const { record } = await load();
    expect((await save({ ...record, allergy: 'Pollen' }, admin)).json().progress).toMatchObject({ healthData: 0, reviewed: { healthData: 0 } });
  });
});

describe('date rules (decision 027)', () => {
  it('accepts a permit expiry date in the future and refuses a future issue date', async () => {
    const { record } = await load();
    const nextYear = `${Number(todayIso().slice(0, 4)) + 1}-06-30`;
    const expiry = await save({ ...record, immigration_permit: 1, permit_expiry_date: nextYear });
    expect(expiry.statusCode).toBe(200);
    expect(expiry.json().record.permit_expiry_date).toBe(nextYear);
    const issue = await save({ ...expiry.json().record, permit_issue_date: nextYear });
    expect(issue.statusCode).toBe(422);
    expect(issue.json().errors.permit_issue_date).toEqual(['The date cannot be in the future.']);
  });

  it('takes a date of birth only 9 to 25 years before today, with a message naming the range', async () => {
    const { record } = await load();
    const { earliest, latest } = birthDateRange();
    const message = `Enter a date of birth between ${earliest} and ${latest} (9 to 25 years ago).`;
    for (const value of ['1800-01-01', todayIso(), '2999-01-01']) {
      const response = await save({ ...record, date_of_birth: value });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.date_of_birth).toEqual([message]);
    }
    for (const value of [earliest, latest]) {
      const response = await save({ ...(await load()).record, date_of_birth: value });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('codes from the reference lists', () => {
  it.each([
    ['religion_code', 'XYZ', 'Religion must be chosen from its list.'],
    ['ethnic_group_code', 'Martian', 'Ethnic Group must be chosen from its list.'],
    ['regional_corporation', 'Gotham City Corporation', 'Regional Corporation must be chosen from its list.'],
    ['address_line_2', 'Atlantis', 'Town must be chosen from its list.'],
  ])('refuses %s = %j with 422 and a clear message', async (field, value, message) => {
    const { record } = await load();
    const response = await save({ ...record, [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await load()).record[field]).toBeNull();
  });

  it('accepts codes from the lists', async () => {
    const { record } = await load();
    const response = await save({
      ...record,
      religion_code: 'HIN',
      ethnic_group_code: '2',
      address_line_2: 'Arima',
      regional_corporation: 'Arima Borough Corporation',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an admin’s class or house that is not in the list', async () => {
    const admin = await signedInAdmin(t.app);
    const { record } = await load();
    const badClass = await save({ ...record, class_id: '9Z' }, admin);
    expect(badClass.statusCode).toBe(422);
    expect(badClass.json().errors.class_id).toEqual(['Class must be chosen from its list.']);
    const badHouse = await save({ ...record, house_code: 'Q' }, admin);
    expect(badHouse.statusCode).toBe(422);
    expect(badHouse.json().errors.house_code).toEqual(['House must be chosen from its list.']);
    expect((await save({ ...record, class_id: '3B' }, admin)).statusCode).toBe(200);
  });
});
