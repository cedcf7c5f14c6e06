import os from 'node:os';
import { messages } from '@school/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, createStudent, openRegistration, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { stoppedInWords } from '../../helpers/connection-cuts.ts';
import { makeZip } from '../../helpers/zip.ts';
import { readWorkbook, studentsWorkbook, uploadStudentImport } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp({ uploadMaxBytes: 400_000 });
  await createAdminUser(t.db);
  admin = new TestClient(t.app);
  await signInAsAdmin(admin);
});
afterAll(() => t.close());

const HEADERS = ['Student ID', 'First Name', 'Last Name', 'Other Name', 'Sex', 'Date of Birth', 'Class', 'House', 'Birth Certificate PIN'];

const xlsx = (rows: unknown[][], headers = HEADERS) => studentsWorkbook(headers, rows);
const upload = (bytes: Buffer, fields: Record<string, string>, name = 'intake.xlsx', client = admin) => uploadStudentImport(t.app, client, bytes, fields, name);

/**
 * `upload`, with `beforeWrite` run before each write transaction the server starts meanwhile (the
 * import's slices among them); the writes `beforeWrite` itself makes pass straight on.
 */
async function uploadWatchingWrites(beforeWrite: () => Promise<void>, ...uploadArguments: Parameters<typeof upload>) {
  const real = t.app.deps.writeTransaction;
  let inHook = false;
  const watching = async <T>(work: Parameters<typeof real<T>>[0]): Promise<T> => {
    if (!inHook) {
      inHook = true;
      try {
        await beforeWrite();
      } finally {
        inHook = false;
      }
    }
    return real(work);
  };
  t.app.deps.writeTransaction = Object.assign(watching, { settled: () => real.settled(), oneStatement: real.oneStatement });
  try {
    return await upload(...uploadArguments);
  } finally {
    t.app.deps.writeTransaction = real;
  }
}

const countStudents = async () =>
  Number(
    (
      await t.db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Import Students', () => {
  it('downloads a template with the columns to fill in and a sheet explaining them', async () => {
    const response = await admin.get('/api/student-import/template');
    expect(response.statusCode).toBe(200);
    const [students, columns] = await readWorkbook(response.rawPayload);
    expect(students.headers).toEqual([...HEADERS, 'School Account']);
    expect(students.rows).toEqual([]);
    expect(columns.rows.map((row) => row[0])).toEqual([...HEADERS, 'School Account', 'Mode']);
  });

  it('only checks a file sent without dry_run, and refuses a dry_run other than true or false', async () => {
    const file = await xlsx([['IMP-DRY', 'Dana', 'Dry', null, 'F', '2013-05-05', '1A', 'B', null]]);
    const before = await countStudents();
    expect((await upload(file, { mode: 'insert' })).json()).toMatchObject({ dry_run: true, inserted: 1, errors: [] });
    for (const dry_run of ['0', '1', 'no', 'FALSE']) {
      const refused = await upload(file, { mode: 'insert', dry_run });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: messages.dryRun, errors: { dry_run: [messages.dryRun] } });
    }
    expect(await countStudents()).toBe(before);
  });

  it('checks a file without changing anything, then adds the new students, who sign in with their date of birth', async () => {
    const file = await xlsx([
      ['IMP-001', 'Aaliyah', 'Ramdeen', null, 'F', new Date(Date.UTC(2014, 0, 15)), '1A', 'St. Anne', 'PIN-001'],
      [20260777, 'Brianna', 'Charles', 'Marie', 'F', '2013-11-02', '1c', 'B', null],
    ]);
    const before = await countStudents();
    const check = await upload(file, { mode: 'insert', dry_run: 'true' });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ dry_run: true, inserted: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await countStudents()).toBe(before);

    const applied = await upload(file, { mode: 'insert', dry_run: 'false' });
    expect(applied.json()).toMatchObject({ dry_run: false, inserted: 2, updated: 0, unchanged: 0, errors: [] });
    const added = await t.db
      .selectFrom('students')
      .select(['id', 'first_name', 'date_of_birth', 'class_id', 'house_code'])
      .where('id', 'in', ['IMP-001', '20260777'])
      .orderBy('id')
      .execute();
    expect(added).toEqual([
      { id: '20260777', first_name: 'Brianna', date_of_birth: '2013-11-02', class_id: '1C', house_code: 'B' },
      { id: 'IMP-001', first_name: 'Aaliyah', date_of_birth: '2014-01-15', class_id: '1A', house_code: 'A' },
    ]);
    const account = await t.db.selectFrom('student_accounts').selectAll().where('student_id', '=', 'IMP-001').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ password_hash: null, password_reset: 1 });

    const student = await new TestClient(t.app, '10.0.0.9').start();
    const signIn = await student.post('/api/login-student', { student_id: 'IMP-001', password: '20140115' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ password_reset: 1 });

    const history = (await admin.get('/api/student-imports')).json();
    expect(history[0]).toMatchObject({ admin: 'registrar', file_name: 'intake.xlsx', mode: 'insert', inserted: 2, updated: 0, unchanged: 0 });
    const audit = await t.db.selectFrom('audit_log').select(['actor_id', 'detail']).where('action', '=', 'students.imported').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toContain('2 added');
  });

  it('reports every row error and imports nothing when any row is wrong', async () => {
    const existing = await createStudent(t.db, { id: 'IMP-EXIST' });
    const file = await xlsx([
      ['IMP-010', 'Good', 'Row', null, 'F', '2014-02-02', '1A', 'A', null],
      ['IMP-011', 'Bad', 'Date', null, 'F', '2014-02-30', '1A', 'A', null],
      ['IMP-012', 'No', 'Date', null, 'F', null, '1A', 'A', null],
      ['IMP-013', 'Unknown', 'Class', null, 'F', '2014-02-02', '9Z', 'A', null],
      ['IMP-014', 'Unknown', 'House', null, 'F', '2014-02-02', '1A', 'Q', null],
      ['IMP-010', 'Twice', 'InFile', null, 'F', '2014-02-02', '1A', 'A', null],
      [existing.id, 'Already', 'There', null, 'F', '2014-02-02', '1A', 'A', null],
      ['IMP-015', 'A'.repeat(21), 'Long', null, 'F', '2014-02-02', '1A', 'A', null],
    ]);
    const before = await countStudents();
    const response = await upload(file, { mode: 'insert', dry_run: 'false' });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.dry_run).toBe(false);
    expect(answer.errors.map((error: { row: number; column: string }) => [error.row, error.column])).toEqual([
      [3, 'Date of Birth'],
      [4, 'Date of Birth'],
      [5, 'Class'],
      [6, 'House'],
      [7, 'Student ID'],
      [8, 'Student ID'],
      [9, 'First Name'],
    ]);
    expect(answer.errors[4].message).toContain('row 2');
    expect(answer.errors[5].message).toContain('already in the portal');
    expect(answer.errors[6].message).toBe('At most 20 characters.');
    expect(await countStudents()).toBe(before);
    expect(await t.db.selectFrom('students').select('id').where('id', '=', 'IMP-010').executeTakeFirst()).toBeUndefined();
  });

  it('updates only the imported columns of existing students in upsert mode, never the password or her other answers', async () => {
    const student = await createStudent(t.db, { id: 'IMP-UP', class_id: '1A', medical_history: 'Asthma since 2019' }, { password: STUDENT_PASSWORD });
    const hash = (await t.db.selectFrom('student_accounts').select('password_hash').where('student_id', '=', student.id).executeTakeFirstOrThrow())
      .password_hash;
    const file = await xlsx([[student.id, '2B']], ['Student ID', 'Class']);
    const answer = (await upload(file, { mode: 'upsert', dry_run: 'false' }, 'classes.csv.xlsx')).json();
    expect(answer).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, errors: [] });
    const row = await t.db.selectFrom('students').select(['class_id', 'first_name', 'medical_history']).where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ class_id: '2B', first_name: 'Kezia', medical_history: 'Asthma since 2019' });
    const after = await t.db
      .selectFrom('student_accounts')
      .select(['password_hash', 'password_reset'])
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ password_hash: hash, password_reset: 0 });

    const again = (await upload(file, { mode: 'upsert', dry_run: 'false' })).json();
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 1, errors: [] });
  });

  it('reads a CSV file, and takes a mapping for headers that differ', async () => {
    const csv = Buffer.from('Student No,Given Name,Surname,DOB\nIMP-CSV,Chantal,Mohammed,2014-05-06\n');
    const unmapped = (await upload(csv, { mode: 'insert', dry_run: 'true' }, 'intake.csv')).json();
    expect(unmapped.headers).toEqual(['Student No', 'Given Name', 'Surname', 'DOB']);
    expect(unmapped.errors.map((error: { message: string }) => error.message)).toEqual([
      'A new student needs her first name.',
      'A new student needs her last name.',
    ]);
    const mapping = JSON.stringify({ first_name: 'Given Name', last_name: 'Surname' });
    const mapped = (await upload(csv, { mode: 'insert', dry_run: 'false', mapping }, 'intake.csv')).json();
    expect(mapped).toMatchObject({ inserted: 1, errors: [] });
    expect(await t.db.selectFrom('students').select(['first_name', 'last_name']).where('id', '=', 'IMP-CSV').executeTakeFirst()).toEqual({
      first_name: 'Chantal',
      last_name: 'Mohammed',
    });
    expect((await upload(csv, { mode: 'insert', dry_run: 'true', mapping: '{"nope": 1}' }, 'intake.csv')).statusCode).toBe(422);
  });

  it('takes back its own export in upsert mode with no change at all', async () => {
    await createStudent(t.db, { id: 'IMP-RT', first_name: '=Tricky', middle_name: '+One', birth_certificate_no: '00123', house_code: 'D', class_id: '4E' });
    const exported = (await admin.get('/api/registration-data-spreadsheet')).rawPayload;
    const total = await countStudents();
    const answer = (await upload(exported, { mode: 'upsert', dry_run: 'false' }, 'Registration Data.xlsx')).json();
    expect(answer).toMatchObject({ inserted: 0, updated: 0, unchanged: total, errors: [] });
  });

  it('refuses a zip bomb, an oversize file and a file with too many rows before reading any row', async () => {
    const bomb = makeZip([
      {
        name: '[Content_Types].xml',
        data: '<Types><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    const refused = await upload(bomb, { mode: 'insert', dry_run: 'true' }, 'bomb.xlsx');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file[0]).toMatch(/cannot be read/);

    const oversize = await upload(Buffer.alloc(500_000, 0x41), { mode: 'insert', dry_run: 'true' }, 'big.csv');
    expect(oversize.statusCode).toBe(413);

    const manyRows = Buffer.from(['Student ID,First Name', ...Array.from({ length: 5001 }, (_, index) => `R${index},A`)].join('\n'));
    const tooMany = await upload(manyRows, { mode: 'insert', dry_run: 'true' }, 'many.csv');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/more than 5,000 rows/);
  });

  it('tells the admin how far a large import has got while its slices are written, and no one else', async () => {
    const file = await xlsx(
      Array.from({ length: 250 }, (_, index) => [`PRG-${String(index).padStart(3, '0')}`, 'Pat', 'Rowe', null, 'F', '2014-02-03', '1B', 'C', null]),
    );
    const other = new TestClient(t.app, '10.0.0.9');
    await createAdminUser(t.db, 'bursar');
    await signInAsAdmin(other, 'bursar');
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const studentClient = new TestClient(t.app, '10.0.0.10');
    await signInAsStudent(studentClient, student.id);
    const visitor = new TestClient(t.app, '10.0.0.11');
    expect((await admin.get('/api/student-import/progress')).json()).toEqual({ running: false, done: 0, total: 0 });

    // Before each write transaction of the import, ask for its progress as the screen does meanwhile.
    const seen: Array<{ admin: unknown; other: unknown; student: number; visitor: number }> = [];
    const applied = await uploadWatchingWrites(
      async () => {
        seen.push({
          admin: (await admin.get('/api/student-import/progress')).json(),
          other: (await other.get('/api/student-import/progress')).json(),
          student: (await studentClient.get('/api/student-import/progress')).statusCode,
          visitor: (await visitor.get('/api/student-import/progress')).statusCode,
        });
      },
      file,
      { mode: 'insert', dry_run: 'false' },
      'large.xlsx',
    );
    expect(applied.json()).toMatchObject({ inserted: 250, errors: [] });
    const during = seen.filter((entry) => (entry.admin as { running: boolean }).running);
    // Ten slices of 25 rows, then the history row once all 250 are written.
    expect(during.map((entry) => entry.admin)).toEqual(Array.from({ length: 11 }, (_, slice) => ({ running: true, done: slice * 25, total: 250 })));
    for (const entry of during) expect(entry).toMatchObject({ other: { running: false, done: 0, total: 0 }, student: 403, visitor: 401 });
    expect((await admin.get('/api/student-import/progress')).json()).toEqual({ running: false, done: 0, total: 0 });
  });

  it('changes nothing when its publish fails, and keeps every change made meanwhile', async () => {
    await openRegistration(t.db);
    const students = [];
    for (let index = 1; index <= 30; index += 1) students.push(await createStudent(t.db, { id: `UND-${String(index).padStart(2, '0')}`, class_id: '1A' }));
    const second = students[1];
    const firstClient = new TestClient(t.app, '10.0.0.21');
    const firstAccount = await createStudent(t.db, { id: 'UND-ACC', class_id: '1A' }, { password: STUDENT_PASSWORD });
    await signInAsStudent(firstClient, firstAccount.id);
    const load = async (who: TestClient, id: string) => (await who.get(`/api/student/${id}`)).json().record;
    // A tab she opened before the import, still holding the version from before it.
    const oldTab = await load(firstClient, firstAccount.id);

    // Every student moves to 2B, she and the admin's student in the first slice of 25; the last row adds a student in the second.
    const rows = [firstAccount, ...students].map((student) => [student.id, student.first_name, student.last_name, student.date_of_birth, '2B']);
    const file = await xlsx([...rows, ['UND-NEW', 'Nia', 'Baptiste', '2014-05-06', '1B']], ['Student ID', 'First Name', 'Last Name', 'Date of Birth', 'Class']);

    // Before the second slice: she saves her record (as the import left it), an admin moves another
    // student on to 3A, and someone adds a student with the new row's ID, so the second slice fails.
    let slices = 0;
    let meanwhile: Array<{ status: number }> = [];
    const applied = await uploadWatchingWrites(
      async () => {
        slices += 1;
        if (slices !== 2) return;
        const mine = await load(firstClient, firstAccount.id);
        const adminsView = await load(admin, second.id);
        meanwhile = [
          await firstClient.post('/api/student', { ...mine, allergy: 'Peanuts' }),
          await admin.post('/api/student', { ...adminsView, class_id: '3A' }),
        ].map((response) => ({ status: response.statusCode }));
        await createStudent(t.db, { id: 'UND-NEW', first_name: 'Zora' });
      },
      file,
      { mode: 'upsert', dry_run: 'false' },
      'moves.xlsx',
    );
    expect(meanwhile).toEqual([{ status: 200 }, { status: 200 }]);
    expect(applied.statusCode).toBe(409);
    // Said in words, not in the database's: the Student ID the file would add was taken meanwhile.
    expect(applied.json().message).toBe(messages.importStopped(messages.importTaken));

    const classes = Object.fromEntries(
      (await t.db.selectFrom('students').select(['id', 'class_id']).where('id', 'like', 'UND-%').execute()).map((row) => [row.id, row.class_id]),
    );
    // The import's moves are undone; the admin's move made meanwhile stands.
    expect(classes).toEqual({ ...Object.fromEntries([...students, firstAccount].map((student) => [student.id, '1A'])), [second.id]: '3A', 'UND-NEW': '1A' });
    const mine = await t.db.selectFrom('students').select(['allergy', 'first_name', 'updated_at']).where('id', '=', firstAccount.id).executeTakeFirstOrThrow();
    expect(mine.allergy).toBe('Peanuts');
    expect(mine.updated_at).not.toBe(oldTab.updatedAt);
    expect((await t.db.selectFrom('students').select('first_name').where('id', '=', 'UND-NEW').executeTakeFirstOrThrow()).first_name).toBe('Zora');

    // The tab from before the import is shown her record as it now is, rather than saving over her allergy.
    const stale = await firstClient.post('/api/student', { ...oldTab, phone_home: '6231234' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().record).toMatchObject({ allergy: 'Peanuts', class_id: '1A' });
  });

  it('changes nothing when a fault stops it at any slice boundary (an error, or every database connection cut), and keeps no trace but its absence', async () => {
    await openRegistration(t.db);
    for (let index = 1; index <= 20; index += 1) await createStudent(t.db, { id: `FLT-${String(index).padStart(2, '0')}`, class_id: '1A' });
    // 20 moves and 40 new students: three slices staged, then the publish.
    const rows = [
      ...Array.from({ length: 20 }, (_, index) => [`FLT-${String(index + 1).padStart(2, '0')}`, 'Fay', 'Lott', '2013-01-02', '2B']),
      ...Array.from({ length: 40 }, (_, index) => [`FLT-N${String(index).padStart(2, '0')}`, 'Nell', 'Ford', '2014-03-04', '1B']),
    ];
    const file = await xlsx(rows, ['Student ID', 'First Name', 'Last Name', 'Date of Birth', 'Class']);
    const snapshot = async () => ({
      students: await countStudents(),
      moved: (await t.db.selectFrom('students').select('id').where('id', 'like', 'FLT-%').where('class_id', '=', '2B').execute()).length,
      staged: (await t.db.selectFrom('student_import_rows').select('import_id').execute()).length,
      history: (await admin.get('/api/student-imports')).json().length,
    });
    const before = await snapshot();
    const faults: Array<'error' | 'connections cut'> = testDialect === 'postgres' ? ['error', 'connections cut'] : ['error'];
    for (const fault of faults) {
      for (let faultAt = 1; faultAt <= 4; faultAt += 1) {
        let writes = 0;
        const stopped = await uploadWatchingWrites(
          async () => {
            writes += 1;
            if (writes !== faultAt) return;
            if (fault === 'error') throw new Error(`a fault at write ${faultAt}`);
            await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(t.db);
          },
          file,
          { mode: 'upsert', dry_run: 'false' },
          'faults.xlsx',
        );
        // A cut connection may be reconnected before the write is sent: then the import is applied whole, never in part.
        if (stopped.statusCode === 200) {
          expect({ fault, faultAt, ...(await snapshot()) }).toEqual({
            fault,
            faultAt,
            ...before,
            students: before.students + 40,
            moved: 20,
            history: before.history + 1,
          });
          await t.db.deleteFrom('form_progress').where('student_id', 'like', 'FLT-N%').execute();
          await t.db.deleteFrom('student_accounts').where('student_id', 'like', 'FLT-N%').execute();
          await t.db.deleteFrom('students').where('id', 'like', 'FLT-N%').execute();
          await t.db.updateTable('students').set({ class_id: '1A' }).where('id', 'like', 'FLT-%').execute();
          await t.db.deleteFrom('student_imports').where('file_name', '=', 'faults.xlsx').execute();
          continue;
        }
        // In words, never the database's own: a row not written (409), or, for a cut connection, the error handler's 503.
        const answered = { status: stopped.statusCode, message: stopped.json().message };
        const inWords = stoppedInWords(answered, fault, messages.importStopped(messages.importRowNotWritten));
        expect({ fault, faultAt, ...answered, inWords }).toEqual({ fault, faultAt, ...answered, inWords: true });
        expect({ fault, faultAt, ...(await snapshot()) }).toEqual({ fault, faultAt, ...before });
        expect((await admin.get('/api/student-import/progress')).json()).toMatchObject({ running: false });
      }
    }
    // With no fault, the same file is applied whole.
    expect((await upload(file, { mode: 'upsert', dry_run: 'false' }, 'faults.xlsx')).json()).toMatchObject({ inserted: 40, updated: 20 });
    expect(await snapshot()).toEqual({ ...before, students: before.students + 40, moved: 20, history: before.history + 1 });
  });

  it('answers the first 200 problems and their count, refuses more than 300 columns, and a workbook with an empty header cell is read, not a 500', async () => {
    const bad = await upload(
      Buffer.from(['Student ID,First Name,Last Name,Date of Birth', ...Array.from({ length: 450 }, (_, index) => `ERR-${index},,,`)].join('\n')),
      { mode: 'insert', dry_run: 'true' },
      'bad.csv',
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json().errors).toHaveLength(200);
    expect(bad.json().error_count).toBe(1350);

    const wideCsv = await upload(Buffer.from(`Student ID,${'x,'.repeat(190_000)}\nA-1\n`), { mode: 'insert', dry_run: 'true' }, 'wide.csv');
    expect(wideCsv.statusCode).toBe(422);
    expect(wideCsv.json().message).toBe('The file has more than 300 columns. Keep only the columns of the template.');
    expect(wideCsv.body.length).toBeLessThan(1000);
    const wideWorkbook = await upload(
      await xlsx([['W-1']], ['Student ID', ...Array.from({ length: 400 }, (_, index) => `Extra ${index}`)]),
      { mode: 'insert', dry_run: 'true' },
      'wide.xlsx',
    );
    expect(wideWorkbook.statusCode).toBe(422);
    expect(wideWorkbook.json().message).toMatch(/more than 300 columns/);
    // A 195 KB header cell: the answer names it cut short.
    const longHeader = await upload(
      await xlsx([['L-1', 'Lin', 'Ng', '2013-01-01', 'x']], ['Student ID', 'First Name', 'Last Name', 'Date of Birth', 'y'.repeat(195_000)]),
      { mode: 'insert', dry_run: 'true' },
      'long.xlsx',
    );
    expect(longHeader.statusCode).toBe(200);
    expect(longHeader.body.length).toBeLessThan(5000);

    const withGap = new ExcelJS.Workbook();
    const sheet = withGap.addWorksheet('Students');
    sheet.addRow(['Student ID', 'First Name', null, 'Last Name', 'Date of Birth']);
    sheet.addRow(['GAP-1', 'Gia', 'ignored', 'Paz', '2013-05-06']);
    const gap = await upload(Buffer.from(await withGap.xlsx.writeBuffer()), { mode: 'insert', dry_run: 'true' }, 'gap.xlsx');
    expect(gap.statusCode).toBe(200);
    expect(gap.json()).toMatchObject({ inserted: 1, errors: [] });
  });

  it('takes one student import at a time: a second sent meanwhile is refused with 409', async () => {
    const file = await xlsx(Array.from({ length: 60 }, (_, index) => [`ONE-${index}`, 'Ona', 'Poe', null, 'F', '2014-02-03', '1B', 'C', null]));
    let second: { statusCode: number; json(): { message: string } } | undefined;
    const first = await uploadWatchingWrites(
      async () => {
        second ??= await upload(file, { mode: 'insert', dry_run: 'true' }, 'second.xlsx');
      },
      file,
      { mode: 'insert', dry_run: 'false' },
      'first.xlsx',
    );
    expect(first.json()).toMatchObject({ inserted: 60 });
    expect(second?.statusCode).toBe(409);
    expect(second?.json().message).toBe('Another student import is being checked or written. Try again when it has finished.');
  });

  it('takes over the claim of a process that is gone, and on PostgreSQL waits for one of another machine that still beats', async () => {
    const file = await xlsx([['CLM-1', 'Cleo', 'Mars', null, 'F', '2014-02-03', '1B', 'C', null]]);
    // A process of this machine killed mid-import: no process has its ID now.
    await t.db
      .insertInto('import_claims')
      .values({ kind: 'students', owner: `${os.hostname()}:999999999`, heartbeat: new Date().toISOString() })
      .execute();
    expect((await upload(file, { mode: 'insert', dry_run: 'true' }, 'after-kill.xlsx')).statusCode).toBe(200);
    expect(await t.db.selectFrom('import_claims').selectAll().execute()).toEqual([]);
    if (testDialect !== 'postgres') return;
    // Another machine's import whose heartbeat is fresh runs on; one that stopped beating is given up.
    await t.db.insertInto('import_claims').values({ kind: 'students', owner: 'other-machine:42', heartbeat: new Date().toISOString() }).execute();
    const refused = await upload(file, { mode: 'insert', dry_run: 'true' }, 'meanwhile.xlsx');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Another student import is being checked or written. Try again when it has finished.');
    await t.db
      .updateTable('import_claims')
      .set({ heartbeat: new Date(Date.now() - 3 * 60 * 1000).toISOString() })
      .execute();
    expect((await upload(file, { mode: 'insert', dry_run: 'true' }, 'later.xlsx')).statusCode).toBe(200);
  });

  it('shows no progress for an import refused for its errors', async () => {
    const file = await xlsx([['PRG-000', 'Pat', 'Rowe', null, 'F', '2014-02-03', '1B', 'C', null]]);
    const refused = await upload(file, { mode: 'insert', dry_run: 'false' }, 'again.xlsx');
    expect(refused.json().errors).toHaveLength(1);
    expect((await admin.get('/api/student-import/progress')).json()).toEqual({ running: false, done: 0, total: 0 });
  });

  it('is for admins only', async () => {
    const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app, '10.0.0.7');
    await signInAsStudent(client, student.id);
    const file = await xlsx([['IMP-X', 'A', 'B', null, 'F', '2014-01-01', '1A', 'A', null]]);
    expect((await upload(file, { mode: 'insert', dry_run: 'false' }, 'x.xlsx', client)).statusCode).toBe(403);
    expect((await client.get('/api/student-imports')).statusCode).toBe(403);
    expect((await client.get('/api/student-import/template')).statusCode).toBe(403);
    const visitor = new TestClient(t.app, '10.0.0.8');
    expect((await upload(file, { mode: 'insert', dry_run: 'false' }, 'x.xlsx', visitor)).statusCode).toBe(401);
    expect((await visitor.get('/api/student-imports')).statusCode).toBe(401);
    expect(await t.db.selectFrom('students').select('id').where('id', '=', 'IMP-X').executeTakeFirst()).toBeUndefined();
  });
});
