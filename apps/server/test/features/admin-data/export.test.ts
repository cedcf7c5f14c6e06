import { studentFields } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStudent } from '../../helpers/factories.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { byHeader, readWorkbook } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe('GET /api/registration-data-spreadsheet', () => {
  it('downloads Registration Data.xlsx with a sheet of everyone and one per form level, every field under its label', async () => {
    const first = await createStudent(t.db, {
      id: 'EXP-1',
      class_id: '1B',
      house_code: 'C',
      religion_code: 'RC',
      ethnic_group_code: '1',
      address_line_2: 'Arima',
      mobile_phone_mother: '5551234',
      asthma: 1,
      no_in_family: '3',
      mother_name: 'Joan Exp',
    });
    await createStudent(t.db, { id: 'EXP-2', class_id: '3A' });
    const response = await admin.get('/api/registration-data-spreadsheet');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('filename="Registration Data.xlsx"');

    const sheets = await readWorkbook(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['All Students', 'Form 1', 'Form 2', 'Form 3', 'Form 4', 'Form 5']);
    const [all, form1, , form3] = sheets;
    expect(all.rows.map((row) => row[0])).toEqual(['EXP-1', 'EXP-2']);
    expect(form1.rows.map((row) => row[0])).toEqual(['EXP-1']);
    expect(form3.rows.map((row) => row[0])).toEqual(['EXP-2']);
    // Every field of the contract's list has a column, and no header is repeated.
    expect(all.headers.length).toBe(new Set(all.headers).size);
    expect(all.headers.length).toBeGreaterThanOrEqual(studentFields.length + 1);
    expect(all.headers).toContain('Mother Mobile Phone');
    expect(all.headers).toContain('Guardian E-mail');
    // Progress through the steps, in the wizard's order and words, when the record last changed and what changed since last year.
    expect(all.headers.slice(-8)).toEqual([
      'Student Data Complete',
      'Family Data Complete',
      'Health Data Complete',
      'Other Data Complete',
      'Documents Complete',
      'Submitted',
      'Last Updated',
      'Changed since last year',
    ]);

    const row = byHeader(all.headers, all.rows[0]);
    expect(row['First Name']).toBe('Kezia');
    expect(row['Last Name']).toBe(first.last_name);
    expect(row['House']).toBe('St. Catherine');
    expect(row['Religion']).toBe('Roman Catholic');
    expect(row['Town']).toBe('Arima');
    expect(row['Asthma']).toBe('Yes');
    expect(row['Diabetes']).toBe('No');
    expect(row['Mother Mobile Phone']).toBe('1868-555-1234');
    expect(row['Number of Children in Family']).toBe(3);
    expect(row['Date of Birth']).toEqual(new Date(Date.UTC(2014, 2, 9)));
    expect(row['Submitted']).toBe('No');
    // A frozen header row with a filter on it.
    expect(all.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(all.sheet.autoFilter).toBeTruthy();

    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id']).where('action', '=', 'registration-data.exported').execute();
    expect(audit).toEqual([{ action: 'registration-data.exported', actor_id: 'registrar' }]);
  });

  it('writes text that starts with = + - @ as text, never as a formula', async () => {
    await createStudent(t.db, { id: 'EXP-F', first_name: '=1+2', last_name: '+SUM(A1)', middle_name: '-3', medical_history: '@cmd', class_id: '2A' });
    const sheets = await readWorkbook((await admin.get('/api/registration-data-spreadsheet')).rawPayload);
    const all = sheets[0];
    const row = all.rows.find((cells) => cells[0] === 'EXP-F')!;
    const values = byHeader(all.headers, row);
    for (const header of ['First Name', 'Last Name', 'Other Name', 'Medical History']) {
      expect(typeof values[header]).toBe('string');
      expect(values[header]).toMatch(/^'[=+\-@]/);
    }
    all.sheet.eachRow((sheetRow) =>
      sheetRow.eachCell((cell) => {
        expect(cell.formula).toBeUndefined();
      }),
    );
  });

  it('refuses students and visitors', async () => {
    const { client } = await signedInStudent(t);
    expect((await client.get('/api/registration-data-spreadsheet')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/registration-data-spreadsheet')).statusCode).toBe(401);
  });
});
