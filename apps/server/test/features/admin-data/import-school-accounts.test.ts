import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { studentsWorkbook, uploadStudentImport } from './workbook.ts';

/** School accounts imported with the students (decision 076): beside the record, one address to one student. */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t?.close());

const HEADERS = ['Student ID', 'First Name', 'Last Name', 'Date of Birth', 'Class', 'School Account'];
const importRows = async (rows: unknown[][], mode: 'insert' | 'upsert', headers = HEADERS) =>
  uploadStudentImport(t.app, admin, await studentsWorkbook(headers, rows), { mode, dry_run: 'false' });
const accountOf = async (studentId: string) =>
  (await t.db.selectFrom('student_school_accounts').select('account').where('student_id', '=', studentId).executeTakeFirst())?.account ?? null;
const versionOf = async (studentId: string) =>
  (await t.db.selectFrom('students').select('updated_at').where('id', '=', studentId).executeTakeFirstOrThrow()).updated_at;

describe('importing school accounts', () => {
  it('gives new students their school accounts in lower case, and none to a row whose cell is empty', async () => {
    const answer = await importRows(
      [
        ['SCH-1', 'Ava', 'Ali', '2013-01-02', '1A', 'Ava.Ali@School.example.org'],
        ['SCH-2', 'Bea', 'Bond', '2013-02-03', '1A', 'bea.bond@school.example.org'],
        ['SCH-3', 'Cee', 'Cole', '2013-03-04', '1A', null],
      ],
      'insert',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ inserted: 3, errors: [] });
    expect(await accountOf('SCH-1')).toBe('ava.ali@school.example.org');
    expect(await accountOf('SCH-2')).toBe('bea.bond@school.example.org');
    expect(await accountOf('SCH-3')).toBeNull();
  });

  it('changes, removes and swaps accounts in upsert mode without touching the records’ versions, and ends the old links', async () => {
    await t.db.updateTable('student_school_accounts').set({ provider_subject: 'sub-ava' }).where('student_id', '=', 'SCH-1').execute();
    const before = await Promise.all(['SCH-1', 'SCH-2', 'SCH-3'].map(versionOf));
    const check = await uploadStudentImport(
      t.app,
      admin,
      await studentsWorkbook(
        ['Student ID', 'School Account'],
        [
          ['SCH-1', 'bea.bond@school.example.org'],
          ['SCH-2', 'ava.ali@school.example.org'],
          ['SCH-3', 'cee.cole@school.example.org'],
        ],
      ),
      { mode: 'upsert', dry_run: 'true' },
    );
    expect(check.json()).toMatchObject({ updated: 3, errors: [] });
    expect(check.json().preview[0]).toMatchObject({ 'Student ID': 'SCH-1', Action: 'Update School Account' });
    const swapped = await importRows(
      [
        ['SCH-1', 'bea.bond@school.example.org'],
        ['SCH-2', 'ava.ali@school.example.org'],
        ['SCH-3', 'cee.cole@school.example.org'],
      ],
      'upsert',
      ['Student ID', 'School Account'],
    );
    expect(swapped.json()).toMatchObject({ updated: 3, unchanged: 0, errors: [] });
    expect([await accountOf('SCH-1'), await accountOf('SCH-2'), await accountOf('SCH-3')]).toEqual([
      'bea.bond@school.example.org',
      'ava.ali@school.example.org',
      'cee.cole@school.example.org',
    ]);
    expect(await Promise.all(['SCH-1', 'SCH-2', 'SCH-3'].map(versionOf))).toEqual(before);
    const links = await t.db.selectFrom('student_school_accounts').select('provider_subject').where('provider_subject', 'is not', null).execute();
    expect(links).toEqual([]);
    // The same file again changes nothing; an empty cell removes the account; a file without the column leaves them.
    expect((await importRows([['SCH-3', 'cee.cole@school.example.org']], 'upsert', ['Student ID', 'School Account'])).json()).toMatchObject({ unchanged: 1 });
    expect((await importRows([['SCH-3', null]], 'upsert', ['Student ID', 'School Account'])).json()).toMatchObject({ updated: 1 });
    expect(await accountOf('SCH-3')).toBeNull();
    expect((await importRows([['SCH-1', 'Ava Renamed']], 'upsert', ['Student ID', 'First Name'])).json()).toMatchObject({ updated: 1 });
    expect(await accountOf('SCH-1')).toBe('bea.bond@school.example.org');
  });

  it('refuses the whole file for an account on two rows, one another student keeps, or one that is not an address', async () => {
    await createStudent(t.db, { id: 'SCH-KEEP' });
    expect((await admin.put('/api/students/SCH-KEEP/school-account', { school_account: 'kept@school.example.org' })).statusCode).toBe(200);
    const answer = await importRows(
      [
        ['SCH-4', 'Dee', 'Dunn', '2013-04-05', '1A', 'twice@school.example.org'],
        ['SCH-5', 'Eve', 'East', '2013-05-06', '1A', 'TWICE@school.example.org'],
        ['SCH-6', 'Fay', 'Fox', '2013-06-07', '1A', 'kept@school.example.org'],
        ['SCH-7', 'Gia', 'Gray', '2013-07-08', '1A', 'not an address'],
      ],
      'insert',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().errors).toEqual([
      { row: 3, column: 'School Account', message: messages.schoolAccountTwice('twice@school.example.org', 2) },
      { row: 4, column: 'School Account', message: messages.schoolAccountTaken('kept@school.example.org', 'SCH-KEEP') },
      { row: 5, column: 'School Account', message: messages.invalidEmail },
    ]);
    expect(await t.db.selectFrom('students').select('id').where('id', 'in', ['SCH-4', 'SCH-5', 'SCH-6', 'SCH-7']).execute()).toEqual([]);
    expect(await accountOf('SCH-KEEP')).toBe('kept@school.example.org');
  });
});
