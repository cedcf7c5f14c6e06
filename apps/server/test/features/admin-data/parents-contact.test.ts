import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStudent } from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { byHeader, readWorkbook } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await createStudent(t.db, {
    id: 'PC-1',
    first_name: 'Renee',
    last_name: 'Ali',
    class_id: '3B',
    mother_name: 'Sharon Ali',
    mobile_phone_mother: '7654321',
    email_mother: 'sharon@example.tt',
    father_name: '=Dad',
    emergency_contact: 'Aunt Lyn',
    emergency_home_phone: '6221234',
    relation_to_child: 'Aunt',
    medical_history: 'not in this report',
  });
  await createStudent(t.db, { id: 'PC-2', first_name: 'Zoe', last_name: 'Baird', class_id: '3C', guardian_name: 'Mr Baird', mobile_phone_guardian: '3001234' });
});
afterAll(() => t.close());

describe('Parents Contact', () => {
  it("lists a class's students with their parents', guardian's and emergency contact's details, and nothing else", async () => {
    const response = await admin.get('/api/parents-contact/3B');
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.class_id).toBe('3B');
    expect(answer.students).toHaveLength(1);
    expect(answer.students[0]).toMatchObject({ id: 'PC-1', mother_name: 'Sharon Ali', mobile_phone_mother: '7654321', emergency_contact: 'Aunt Lyn' });
    expect(answer.students[0]).not.toHaveProperty('medical_history');
    const all = (await admin.get('/api/parents-contact/all')).json();
    expect(all.students.map((student: { id: string }) => student.id)).toEqual(['PC-1', 'PC-2']);
    expect((await admin.get('/api/parents-contact/9Z')).statusCode).toBe(404);
  });

  it('downloads the same list as a PDF and as a formula-safe workbook', async () => {
    const pdf = await admin.get('/api/parents-contact/3B/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Parents Contact — Class 3B');
    expect(text).toContain('Ali, Renee');
    expect(text).toContain('Mobile 1868-765-4321');
    expect(text).toContain('Aunt Lyn (Aunt)');
    // The emergency contact's number is her home phone: labelled Home, as on the screen.
    expect(text).toContain('Home 1868-622-1234');
    expect(text).not.toContain('Mobile 1868-622-1234');
    expect(text).not.toContain('Baird');

    const xlsx = await admin.get('/api/parents-contact/all/xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('Parents Contact All Classes.xlsx');
    const [sheet] = await readWorkbook(xlsx.rawPayload);
    const first = byHeader(sheet.headers, sheet.rows[0]);
    expect(first['Mother Mobile Phone']).toBe('1868-765-4321');
    expect(first['Father Name']).toBe("'=Dad");
    expect(byHeader(sheet.headers, sheet.rows[1])['Guardian Name']).toBe('Mr Baird');

    const audit = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'parents-contact.viewed').execute();
    expect(audit.map((row) => row.detail)).toEqual([
      'class 3B (screen): 1 student',
      'all classes (screen): 2 students',
      'class 3B (pdf): 1 student',
      'all classes (xlsx): 2 students',
    ]);
  });

  it('refuses students and visitors', async () => {
    const { client } = await signedInStudent(t);
    for (const url of ['/api/parents-contact/all', '/api/parents-contact/3B/pdf', '/api/parents-contact/all/xlsx']) {
      expect((await client.get(url)).statusCode).toBe(403);
      expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    }
  });
});
