import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { rollOverAsProposed } from '../school-year/school-year-helpers.ts';
import { byHeader, readWorkbook } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe("the registration spreadsheet's 'Changed since last year' column", () => {
  it('lists the labels of the fields each returning student changed, and nothing for a first-year student', async () => {
    await createStudent(t.db, { id: 'RET-1', class_id: '1A', allergy: 'Dust', mobile_phone_mother: '5551234', asthma: 0 });
    await createStudent(t.db, { id: 'RET-2', class_id: '2B', allergy: 'Dust' });
    await rollOverAsProposed(t.db, admin);
    await t.db.updateTable('students').set({ allergy: 'Pollen', mobile_phone_mother: '5559876', asthma: 1 }).where('id', '=', 'RET-1').execute();
    await createStudent(t.db, { id: 'NEW-1', class_id: '1A', allergy: 'Pollen' });

    const sheets = await readWorkbook((await admin.get('/api/registration-data-spreadsheet')).rawPayload);
    const [all, form1, form2, form3] = sheets;
    expect(all.headers.at(-1)).toBe('Changed since last year');
    const changed = (sheet: (typeof sheets)[number]) =>
      Object.fromEntries(sheet.rows.map((row) => byHeader(sheet.headers, row)).map((row) => [row['Student ID'], row['Changed since last year']]));
    // RET-1 moved up to 2A, RET-2 to 3B; her class, moved by the rollover, is not her change.
    expect(changed(all)).toEqual({ 'NEW-1': null, 'RET-1': 'Mother Mobile Phone, Asthma, Allergies', 'RET-2': null });
    expect(changed(form1)).toEqual({ 'NEW-1': null });
    expect(changed(form2)).toEqual({ 'RET-1': 'Mother Mobile Phone, Asthma, Allergies' });
    expect(changed(form3)).toEqual({ 'RET-2': null });
    // The labels only: never a value.
    expect(all.rows.flat()).not.toContain('1868-555-1234');
  });
});
