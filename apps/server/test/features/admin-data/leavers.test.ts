import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { byHeader, readWorkbook } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
let leftOn: string;
/** Three students at the school in 5A and 2B, and one of 5A who has left. */
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await createStudent(t.db, { id: 'LV-1', first_name: 'Anika', last_name: 'Baptiste', class_id: '5A', mother_name: 'Mona Baptiste' });
  await createStudent(t.db, { id: 'LV-2', first_name: 'Brianna', last_name: 'Charles', class_id: '5A', mother_name: 'Carla Charles' });
  await createStudent(t.db, { id: 'LV-3', first_name: 'Celine', last_name: 'Dookie', class_id: '2B', mother_name: 'Dora Dookie' });
  await createStudent(t.db, { id: 'LV-GONE', first_name: 'Dana', last_name: 'Edwards', class_id: '5A', mother_name: 'Erin Edwards' });
  const marked = await admin.post('/api/students/LV-GONE/left', { reason: 'Moved to Tobago' });
  expect(marked.statusCode).toBe(200);
  leftOn = marked.json().left_on;
});
afterAll(() => t.close());

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe('students who have left, in the outputs (decision 069)', () => {
  it('the students table counts the same students as every output by default: those still at the school', async () => {
    const table = (await admin.get('/api/students')).json() as Array<{ id: string; left_on?: string }>;
    const atSchool = table.filter((row) => !row.left_on);
    expect(ids(atSchool).sort()).toEqual(['LV-1', 'LV-2', 'LV-3']);

    const contact = (await admin.get('/api/parents-contact/all')).json();
    expect(ids(contact.students)).toEqual(['LV-3', 'LV-1', 'LV-2']);
    expect(contact.leavers_left_out).toBe(1);

    const sheets = await readWorkbook((await admin.get('/api/registration-data-spreadsheet')).rawPayload);
    expect(sheets[0].rows.map((row) => row[0])).toEqual(['LV-3', 'LV-1', 'LV-2']);
    expect(sheets.find((sheet) => sheet.name === 'Form 5')!.rows.map((row) => row[0])).toEqual(['LV-1', 'LV-2']);
    expect(sheets[0].headers).not.toContain('Left the School On');

    const report = pdfText((await admin.get('/api/registration-report/all')).rawPayload);
    expect(report).toContain(`${atSchool.length} students in 2 classes. 1 student who has left the school is not included.`);
    expect(report).toContain('Form 5 5A — 2 students, 0 submitted');
    expect(report).not.toContain('Edwards');
  });

  it('includes them when asked, each with the day she left, and says how many of those listed have left', async () => {
    const contact = (await admin.get('/api/parents-contact/5A?leavers=include')).json();
    expect(ids(contact.students)).toEqual(['LV-1', 'LV-2', 'LV-GONE']);
    expect(contact.leavers_left_out).toBe(0);
    expect(contact.students.map((row: { left_on: string | null }) => row.left_on)).toEqual([null, null, leftOn]);

    const sheets = await readWorkbook((await admin.get('/api/registration-data-spreadsheet?leavers=include')).rawPayload);
    const all = sheets[0];
    expect(all.rows.map((row) => row[0])).toEqual(['LV-3', 'LV-1', 'LV-2', 'LV-GONE']);
    expect(all.headers.at(-1)).toBe('Left the School On');
    expect(byHeader(all.headers, all.rows[3])['Left the School On']).toEqual(new Date(`${leftOn}T00:00:00.000Z`));
    expect(byHeader(all.headers, all.rows[0])['Left the School On']).toBeNull();

    const report = pdfText((await admin.get('/api/registration-report/all?leavers=include')).rawPayload);
    expect(report).toContain('4 students in 2 classes. 1 of them has left the school.');
    expect(report).toContain('Form 5 5A — 3 students, 0 submitted');
    expect(report).toContain(`Edwards, Dana (left on ${leftOn})`);

    const pdf = pdfText((await admin.get('/api/parents-contact/5A/pdf?leavers=include')).rawPayload);
    expect(pdf).toContain('3 students. 1 of them has left the school.');
    expect(pdf).toContain(`Edwards, Dana (left on ${leftOn})`);
    const contactSheet = (await readWorkbook((await admin.get('/api/parents-contact/5A/xlsx?leavers=include')).rawPayload))[0];
    expect(contactSheet.rows.map((row) => row[0])).toEqual(['LV-1', 'LV-2', 'LV-GONE']);
    expect(byHeader(contactSheet.headers, contactSheet.rows[2])['Left the School On']).toEqual(new Date(`${leftOn}T00:00:00.000Z`));
  });

  it("a class's Parents Contact, on screen, in PDF and in Excel, leaves her out by default and says so", async () => {
    const pdf = pdfText((await admin.get('/api/parents-contact/5A/pdf')).rawPayload);
    expect(pdf).toContain('2 students. 1 student who has left the school is not included.');
    expect(pdf).not.toContain('Edwards');
    const sheet = (await readWorkbook((await admin.get('/api/parents-contact/5A/xlsx')).rawPayload))[0];
    expect(sheet.rows.map((row) => row[0])).toEqual(['LV-1', 'LV-2']);
    expect(sheet.headers).not.toContain('Left the School On');
    // A class with no one who has left says nothing of leavers.
    expect((await admin.get('/api/parents-contact/2B')).json().leavers_left_out).toBe(0);
    expect(pdfText((await admin.get('/api/parents-contact/2B/pdf')).rawPayload)).not.toContain('left the school');
  });

  it('refuses any other choice with a clear 422', async () => {
    for (const url of ['/api/parents-contact/5A?leavers=yes', '/api/registration-report/all?leavers=all', '/api/registration-data-spreadsheet?leavers=1']) {
      const response = await admin.get(url);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.leavers).toEqual(['leavers is leave-out (students who have left are not in it, the default) or include.']);
    }
  });
});
