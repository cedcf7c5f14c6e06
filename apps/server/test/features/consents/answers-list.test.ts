import { fileNames, messages, type ConsentAnswers, type ConsentForm } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { answerOf, tripForm, writeForm } from './consents-helpers.ts';

/**
 * Who answered what, and who has not (issue 51 point 3, decision 067): per class, each student with
 * each guardian who may answer for her; on the screen for office and admin staff, as a formula-safe
 * CSV and as a PDF. Run on each database (TEST_DB).
 */
let t: TestApp;
let admin: TestClient;
let office: TestClient;
let form: ConsentForm;
const girls: Record<'ana' | 'bea' | 'cleo' | 'dina', TestStudent> = {} as never;
const parents: Record<'anaMother' | 'anaFather' | 'beaMother' | 'cleoMother' | 'dinaAunt', TestGuardian> = {} as never;

const clientOf = (guardian: TestGuardian, ip: string) => withGuardianSession(new TestClient(t.app, ip), t.db, guardian);

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  office = await signedInStaff(t.app, t.db, 'office-answers', { role: 'office' });
  girls.ana = await createStudent(t.db, { first_name: 'Ana', last_name: 'Alleyne', class_id: '2C' });
  girls.bea = await createStudent(t.db, { first_name: 'Bea', last_name: 'Baptiste', class_id: '2C' });
  girls.cleo = await createStudent(t.db, { first_name: 'Cleo', last_name: 'Clarke', class_id: '2D' });
  girls.dina = await createStudent(t.db, { first_name: 'Dina', last_name: 'Dookie', class_id: '2D' });
  await createStudent(t.db, { first_name: 'Elsewhere', class_id: '1A' });
  parents.anaMother = await createGuardian(t.db, { name: 'Alicia Alleyne' });
  parents.anaFather = await createGuardian(t.db, { name: 'Andre Alleyne' });
  parents.beaMother = await createGuardian(t.db, { name: 'Beryl Baptiste' });
  parents.cleoMother = await createGuardian(t.db, { name: 'Carla Clarke' });
  parents.dinaAunt = await createGuardian(t.db, { name: 'Restricted Aunt' });
  await linkGuardian(t.db, parents.anaMother, girls.ana.id);
  await linkGuardian(t.db, parents.anaFather, girls.ana.id, { relationship: 'father' });
  await linkGuardian(t.db, parents.beaMother, girls.bea.id);
  await linkGuardian(t.db, parents.cleoMother, girls.cleo.id);
  // Dina's only guardian is restricted: nobody may answer for her in the portal.
  await linkGuardian(t.db, parents.dinaAunt, girls.dina.id, { relationship: 'other', restricted: true });

  form = await writeForm(admin, tripForm(t, { title: 'Field trip', class_ids: ['2C', '2D'] }));
  await (await clientOf(parents.anaMother, '10.65.0.1')).post(`/api/consents/${form.id}/answers`, answerOf('agree', 'Alicia Alleyne'));
  await (await clientOf(parents.beaMother, '10.65.0.2')).post(`/api/consents/${form.id}/answers`, answerOf('disagree', '=HYPERLINK("http://evil")'));
});
afterAll(() => t.close());

describe('GET /api/consents/{id}/answers', () => {
  it('lists per class each student with her guardians’ answers, and who has not answered', async () => {
    const answer = await office.get(`/api/consents/${form.id}/answers`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json() as ConsentAnswers;
    expect(list.form).toMatchObject({ id: form.id, title: 'Field trip', answers: 2 });
    expect(list.totals).toEqual({ students: 4, agreed: 1, not_agreed: 1, no_answer: 1, no_account: 1, guardians_waiting: 2 });
    expect(list.classes.map((each) => [each.class_id, each.counts.students])).toEqual([
      ['2C', 2],
      ['2D', 2],
    ]);
    const [c2, d2] = list.classes;
    expect(c2.students.map((student) => [student.first_name, student.state])).toEqual([
      ['Ana', 'agreed'],
      ['Bea', 'not_agreed'],
    ]);
    expect(c2.students[0].guardians).toEqual([
      { name: 'Alicia Alleyne', relationship: 'mother', answer: 'agree', typed_name: 'Alicia Alleyne', answered_at: expect.any(String), version: 1 },
      { name: 'Andre Alleyne', relationship: 'father', answer: null, typed_name: null, answered_at: null, version: null },
    ]);
    expect(d2.students).toEqual([
      {
        student_id: girls.cleo.id,
        first_name: 'Cleo',
        last_name: 'Clarke',
        state: 'no_answer',
        guardians: [{ name: 'Carla Clarke', relationship: 'mother', answer: null, typed_name: null, answered_at: null, version: null }],
      },
      // The restricted aunt is, for Dina, a stranger (decision 063): she is not listed.
      { student_id: girls.dina.id, first_name: 'Dina', last_name: 'Dookie', state: 'no_account', guardians: [] },
    ]);
    expect(answer.body).not.toContain('Restricted Aunt');
    expect(answer.body).not.toContain('Elsewhere');
    const audit = await t.db.selectFrom('audit_log').select(['actor_id', 'detail']).where('action', '=', 'consent-answers.viewed').execute();
    expect(audit).toContainEqual({ actor_id: 'office-answers', detail: `form ${form.id}, all its classes (screen): 4 students` });
  });

  it('is for office and admin staff: a teacher of the class, a guardian and a student are refused', async () => {
    expect((await admin.get(`/api/consents/${form.id}/answers`)).statusCode).toBe(200);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-2c', { role: 'teacher', classes: ['2C'] });
    expect((await teacher.get(`/api/consents/${form.id}/answers`)).statusCode).toBe(403);
    expect((await teacher.get(`/api/consents/${form.id}/answers/csv?class_id=2C`)).statusCode).toBe(403);
    const guardian = await clientOf(parents.anaMother, '10.65.0.3');
    expect((await guardian.get(`/api/consents/${form.id}/answers`)).statusCode).toBe(403);
    expect((await admin.get('/api/consents/not-a-form/answers')).statusCode).toBe(404);
  });
});

describe('the downloads', () => {
  it('writes the CSV a line per guardian, every cell formula-safe, for one class without a second factor', async () => {
    const answer = await office.get(`/api/consents/${form.id}/answers/csv?class_id=2C`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(encodeURIComponent(fileNames.consentAnswers('Field trip', '2C', 'csv')));
    const lines = answer.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Class,Student ID,Last Name,First Name,Student State,Guardian,Relationship,Answer,Signed As,Answered At,Text Version');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 8).join(','))).toEqual([
      `2C,${girls.ana.id},Alleyne,Ana,Agreed,Alicia Alleyne,mother,Agreed`,
      `2C,${girls.ana.id},Alleyne,Ana,Agreed,Andre Alleyne,father,Not answered`,
      `2C,${girls.bea.id},Baptiste,Bea,Did not agree,Beryl Baptiste,mother,Did not agree`,
    ]);
    // A name typed as a formula is written as text: a leading quote, so no spreadsheet runs it.
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},1$/);
  });

  it('prints the PDF with each class, its students, answers and who has not answered', async () => {
    const answer = await office.get(`/api/consents/${form.id}/answers/pdf?class_id=2D`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = pdfText(answer.rawPayload);
    for (const words of ['Consent: Field trip', 'Class 2D', 'Clarke, Cleo', 'Carla Clarke (mother)', 'Not answered', 'Dookie, Dina', 'No parent account'])
      expect(text, words).toContain(words);
    expect(text).not.toContain('Alleyne');
    const whole = await office.get(`/api/consents/${form.id}/answers/pdf`);
    expect(whole.statusCode).toBe(200);
    expect(pdfText(whole.rawPayload)).toContain('Class 2C');
  });

  it('counts a download of every class against the export allowance (decision 049), one class not', async () => {
    const used = async () =>
      Number(
        (
          await t.db
            .selectFrom('export_allowance as e')
            .innerJoin('admin_users as u', 'u.id', 'e.admin_id')
            .select('e.exports')
            .where('u.username', '=', 'registrar')
            .executeTakeFirst()
        )?.exports ?? 0,
      );
    const before = await used();
    expect((await admin.get(`/api/consents/${form.id}/answers/csv?class_id=2D`)).statusCode).toBe(200);
    expect(await used()).toBe(before);
    expect((await admin.get(`/api/consents/${form.id}/answers/csv`)).statusCode).toBe(200);
    expect(await used()).toBe(before + 1);
  });

  it('answers 404 for a class the form does not name', async () => {
    const answer = await office.get(`/api/consents/${form.id}/answers/csv?class_id=1A`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: messages.noSuchClass('1A') });
  });
});
