import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDataRepository } from '../../../src/features/admin-data/repository.ts';
import { adminApp, createStudent, signedInStudent, storeCompleteRegistration } from '../../helpers/factories.ts';
import { pdfPageCount, pdfText } from '../../helpers/pdf-text.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe('GET /api/registration-report/all', () => {
  it('summarises the school, then lists each class with every student’s steps and the documents she still owes', async () => {
    const done = await createStudent(t.db, { id: 'REP-1', first_name: 'Gabrielle', last_name: 'Alexis', class_id: '1A' });
    await createStudent(t.db, { id: 'REP-2', first_name: 'Shania', last_name: 'Baptiste', class_id: '1A' });
    await createStudent(t.db, { id: 'REP-3', first_name: 'Tamara', last_name: 'Cozier', class_id: '2C' });
    await storeCompleteRegistration(t.db, done.id);

    const response = await admin.get('/api/registration-report/all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('Registration Report — All Classes');
    expect(text).toContain('3 students in 2 classes');
    expect(text).toContain('Form 1 1A — 2 students, 1 submitted');
    expect(text).toContain('Form 2 2C — 1 student, 0 submitted');
    expect(text).toContain('Alexis, Gabrielle');
    // A column per step, in the wizard's words.
    for (const step of ['Student Data', 'Family Data', 'Health Data', 'Other Data', 'Documents', 'Complete']) expect(text).toContain(step);
    expect(text).toContain('Birth Certificate, Immunization Card, SEA Slip, Photo of the Student');
    expect(text).toContain('Page 3 of 3');
    expect(pdfPageCount(pdf)).toBe(3);
    // Landscape letter: 792 points wide.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 792 612\]/);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'registration-report.viewed').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses students and visitors', async () => {
    const { client } = await signedInStudent(t);
    expect((await client.get('/api/registration-report/all')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/registration-report/all')).statusCode).toBe(401);
  });

  it('reads only the columns the report prints, with each student’s class and progress', async () => {
    await createStudent(t.db, { id: 'REP-COL', first_name: 'Keisha', last_name: 'Ramdial', class_id: '3B' });
    const page = await adminDataRepository.studentsPage(t.db, { classId: '3B', limit: 10, columns: ['first_name', 'last_name'] });
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ id: 'REP-COL', first_name: 'Keisha', last_name: 'Ramdial', class_id: '3B', form_level: 3, submit: 0 });
    expect(page[0]).not.toHaveProperty('date_of_birth');
    const everything = await adminDataRepository.studentsPage(t.db, { classId: '3B', limit: 10 });
    expect(everything[0]).toHaveProperty('date_of_birth');
  });
});
