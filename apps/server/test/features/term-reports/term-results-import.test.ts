import { messages } from '@school/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { csv, sendFile, workbook } from './term-reports-helpers.ts';

let t: TestApp;
let admin: TestClient;
let a: TestStudent;
let b: TestStudent;
let c: TestStudent;

const importFile = (file: { name: string; bytes: Buffer }, { year = '2026', term = '1', dryRun = false } = {}) =>
  sendFile(admin, '/api/term-results/import', { year, term, dry_run: dryRun ? 'true' : 'false' }, file);

const resultsOf = (year = 2026, term = '1') =>
  t.db
    .selectFrom('term_results')
    .select(['student_id', 'subject', 'mark', 'comment'])
    .where('year', '=', year)
    .where('term', '=', term)
    .orderBy('student_id')
    .orderBy('subject')
    .execute();
const summariesOf = (year = 2026, term = '1') =>
  t.db
    .selectFrom('term_summaries')
    .select(['student_id', 'form_level', 'class_id', 'conduct', 'teacher_comment', 'principal_comment'])
    .where('year', '=', year)
    .where('term', '=', term)
    .orderBy('student_id')
    .execute();

const header = ['Student ID', 'Subject', 'Mark', 'Comment'];
const goodFile = async () =>
  workbook([
    {
      name: 'Results',
      rows: [
        header,
        [a.id, 'Mathematics', 78, 'Good work'],
        [a.id, 'English', null, null],
        [b.id, 'Mathematics', 64, 'Keep trying'],
        [b.id, 'English', 100, 'Excellent'],
      ],
    },
    {
      name: 'Remarks',
      rows: [
        ['Student ID', 'Form Teacher Remark', 'Principal Remark', 'Conduct'],
        [a.id, 'A thoughtful pupil.', 'Well done.', 'Excellent'],
      ],
    },
  ]);

beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
  a = await createStudent(t.db, { class_id: '3A' });
  b = await createStudent(t.db, { class_id: '3C' });
  c = await createStudent(t.db, { class_id: '3A' });
  admin = new TestClient(t.app);
  await signInAsAdmin(admin);
});
afterAll(() => t.close());

describe('GET /api/term-results/template', () => {
  it('downloads a workbook with a results sheet and a remarks sheet', async () => {
    const response = await admin.get('/api/term-results/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Term Results Template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Results', 'Remarks']);
    expect(book.worksheets[0].getRow(1).values).toEqual([undefined, ...header]);
    expect(book.worksheets[1].getRow(1).values).toEqual([undefined, 'Student ID', 'Form Teacher Remark', 'Principal Remark', 'Conduct']);
  });

  it('is for admins only', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.0.0.7');
    await signInAsStudent(client, student.id);
    expect((await client.get('/api/term-results/template')).statusCode).toBe(403);
    expect(
      (await sendFile(client, '/api/term-results/import', { year: '2026', term: '1', dry_run: 'true' }, { name: 'r.xlsx', bytes: await goodFile() }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /api/term-results/import', () => {
  it('only checks a file sent without dry_run, and refuses a dry_run other than true or false', async () => {
    const file = { name: 'results.xlsx', bytes: await goodFile() };
    expect((await sendFile(admin, '/api/term-results/import', { year: '2026', term: '1' }, file)).json()).toMatchObject({
      dry_run: true,
      results: 4,
      errors: [],
    });
    for (const dry_run of ['0', '1', 'no', 'FALSE']) {
      const refused = await sendFile(admin, '/api/term-results/import', { year: '2026', term: '1', dry_run }, file);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: messages.dryRun, errors: { dry_run: [messages.dryRun] } });
    }
    expect(await resultsOf()).toEqual([]);
  });

  it('checks a file in a dry run, answering counts and the first rows, and writes nothing', async () => {
    const response = await importFile({ name: 'results.xlsx', bytes: await goodFile() }, { dryRun: true });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ dry_run: true, students: 2, results: 4, errors: [] });
    expect(answer.preview[0]).toEqual({ 'Student ID': a.id, Subject: 'Mathematics', Mark: 78, Grade: 'B', Comment: 'Good work' });
    expect(answer.preview[1]).toMatchObject({ Mark: 'ABS', Grade: 'ABS' });
    expect(await resultsOf()).toEqual([]);
    expect(await summariesOf()).toEqual([]);
  });

  it("applies a file: the term's results, each student's class and remarks, and the term ready to post", async () => {
    const response = await importFile({ name: 'results.xlsx', bytes: await goodFile() });
    expect(response.json()).toMatchObject({ dry_run: false, students: 2, results: 4, errors: [] });
    expect(await resultsOf()).toEqual(
      [
        { student_id: a.id, subject: 'English', mark: null, comment: null },
        { student_id: a.id, subject: 'Mathematics', mark: 78, comment: 'Good work' },
        { student_id: b.id, subject: 'English', mark: 100, comment: 'Excellent' },
        { student_id: b.id, subject: 'Mathematics', mark: 64, comment: 'Keep trying' },
      ].sort((x, y) => (x.student_id + x.subject).localeCompare(y.student_id + y.subject)),
    );
    expect(await summariesOf()).toEqual([
      { student_id: a.id, form_level: 3, class_id: '3A', conduct: 'Excellent', teacher_comment: 'A thoughtful pupil.', principal_comment: 'Well done.' },
      { student_id: b.id, form_level: 3, class_id: '3C', conduct: null, teacher_comment: null, principal_comment: null },
    ]);
    expect(await t.db.selectFrom('term_reports').select(['posted', 'date_posted']).where('year', '=', 2026).where('term', '=', '1').execute()).toEqual([
      { posted: 0, date_posted: null },
    ]);
    const audit = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'term-results.imported').execute();
    expect(audit.at(-1)?.detail).toBe('2026-2027 Term 1: 2 students, 4 results');
  });

  it('changes nothing when the same file is imported again', async () => {
    const [results, summaries] = [await resultsOf(), await summariesOf()];
    const response = await importFile({ name: 'results.xlsx', bytes: await goodFile() });
    expect(response.json().errors).toEqual([]);
    expect(await resultsOf()).toEqual(results);
    expect(await summariesOf()).toEqual(summaries);
  });

  it("replaces the term's results of the students in a corrected file and leaves the others alone", async () => {
    const corrected = csv([header, [a.id, 'Mathematics', 81, 'Better'], [a.id, 'Art', 'ABS', null]]);
    const response = await importFile({ name: 'corrected.csv', bytes: corrected });
    expect(response.json()).toMatchObject({ students: 1, results: 2, errors: [] });
    const results = await resultsOf();
    expect(results.filter((row) => row.student_id === a.id)).toEqual([
      { student_id: a.id, subject: 'Art', mark: null, comment: null },
      { student_id: a.id, subject: 'Mathematics', mark: 81, comment: 'Better' },
    ]);
    expect(results.filter((row) => row.student_id === b.id)).toHaveLength(2);
    // A CSV has no remarks sheet: the remarks already imported stay.
    expect((await summariesOf())[0]).toMatchObject({ student_id: a.id, conduct: 'Excellent' });
  });

  it('reports every bad row by row and column, and then imports nothing', async () => {
    const before = await resultsOf();
    const bad = await workbook([
      {
        name: 'Results',
        rows: [
          [...header, 'Homework'],
          [c.id, 'Mathematics', 101, null, null],
          [c.id, 'English', 'eighty', null, null],
          ['99999999', 'Mathematics', 50, null, null],
          [c.id, 'Science', 70, null, null],
          [c.id, 'science', 72, null, null],
          [null, 'Art', 60, null, null],
          [c.id, 'History', 55.5, null, null],
        ],
      },
      {
        name: 'Remarks',
        rows: [
          ['Student ID', 'Conduct'],
          ['88888888', 'Good'],
        ],
      },
    ]);
    const response = await importFile({ name: 'bad.xlsx', bytes: bad });
    expect(response.statusCode).toBe(200);
    const { errors, dry_run } = response.json();
    expect(dry_run).toBe(false);
    const at = (row: number) => errors.filter((error: { row: number; column: string | null }) => error.row === row && !error.column?.startsWith('Remarks'));
    expect(errors[0]).toMatchObject({ row: 1, column: 'Homework' });
    expect(errors[0].message).toContain("The column 'Homework' is not one this import knows");
    expect(at(2)).toEqual([expect.objectContaining({ column: 'Mark', message: expect.stringContaining('from 0 to 100') })]);
    expect(at(3)).toEqual([expect.objectContaining({ column: 'Mark' })]);
    expect(at(4)).toEqual([expect.objectContaining({ column: 'Student ID', message: 'There is no student with the ID 99999999.' })]);
    expect(at(5)).toEqual([]);
    expect(at(6)).toEqual([expect.objectContaining({ column: 'Subject', message: expect.stringContaining('already has a row for science (row 5)') })]);
    expect(at(7)).toEqual([expect.objectContaining({ column: 'Student ID', message: 'The student ID is missing.' })]);
    expect(at(8)).toEqual([expect.objectContaining({ column: 'Mark' })]);
    expect(errors).toContainEqual(expect.objectContaining({ row: 2, column: 'Remarks: Student ID', message: 'There is no student with the ID 88888888.' }));
    expect(await resultsOf()).toEqual(before);
    expect((await summariesOf()).map((row) => row.student_id)).not.toContain(c.id);
  });

  it('refuses a missing required column, a file that is not a spreadsheet, and a bad term', async () => {
    const noMark = await importFile({
      name: 'r.csv',
      bytes: csv([
        ['Student ID', 'Subject'],
        [a.id, 'Art'],
      ]),
    });
    expect(noMark.json().errors).toContainEqual({ row: 1, column: 'Mark', message: "The column 'Mark' is missing." });
    const pdf = await importFile({ name: 'r.xlsx', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(pdf.statusCode).toBe(422);
    const badTerm = await importFile({ name: 'r.xlsx', bytes: await goodFile() }, { term: '4' });
    expect(badTerm.statusCode).toBe(422);
    const badYear = await importFile({ name: 'r.xlsx', bytes: await goodFile() }, { year: 'next' });
    expect(badYear.statusCode).toBe(422);
  });
});
