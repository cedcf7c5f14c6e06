import { fileNames, limits, studentFields, studentImportColumns } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from '../../helpers/factories.ts';
import type { TestClient } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { readWorkbook } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

describe('GET /api/student-import/template', () => {
  it('explains each column with the limits the import applies, read from the field list', async () => {
    const response = await admin.get('/api/student-import/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename="${fileNames.studentImportTemplate}"`);
    const [students, columns] = await readWorkbook(response.rawPayload);
    expect(students.headers).toEqual(studentImportColumns.map((column) => column.header));
    const meaning = new Map(columns.rows.map((row) => [row[0] as string, row[1] as string]));
    const maxOf = (name: string) => studentFields.find((field) => field.name === name)?.max;

    expect(meaning.get('Student ID')).toMatch(new RegExp(`^Required\\. .*At most ${limits.studentId} characters\\.$`));
    expect(meaning.get('First Name')).toBe(`Required for a new student. At most ${maxOf('first_name')} characters.`);
    expect(meaning.get('Other Name')).toBe(`Optional. At most ${maxOf('middle_name')} characters.`);
    expect(meaning.get('Class')).toContain(`At most ${limits.classId} characters.`);
    expect(meaning.get('Birth Certificate PIN')).toContain(`At most ${maxOf('birth_certificate_no')} characters.`);
    expect(meaning.get('Date of Birth')).toMatch(/^Required for a new student\. /);
  });
});
