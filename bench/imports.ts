// The import figures of `npm run bench`: stalls while hostile spreadsheets are read, and autosaves during a 5,000-student import.
import ExcelJS from 'exceljs';
import { autosaveLoop, prepareStudent, signInAdmin, type Student } from './autosave.ts';
import { multipartBody, percentile } from './http-client.ts';
import { ms, type RecordFigure } from './results.ts';

/** A CSV whose header has as many columns as fit in `bytes`. */
const wideCsv = (bytes: number) => Buffer.from(`Student ID,${'x,'.repeat(Math.floor(bytes / 2) - 10)}\nA-1\n`);

/** A workbook of 260,000 short rows, well under the unzipped cap. */
async function longWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(['Student ID', 'First Name']);
  for (let index = 0; index < 260_000; index += 1) sheet.addRow([index, 'A']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV of 5,000 new students. */
function intakeCsv(count: number): Buffer {
  const lines = ['Student ID,First Name,Last Name,Sex,Date of Birth,Class'];
  for (let index = 1; index <= count; index += 1)
    lines.push(`BIG-${index},Student${index},Intake${index},F,2014-03-${String((index % 28) + 1).padStart(2, '0')},1${'ABCDE'[index % 5]}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * (a) The longest wait of a calm call (the admin's import progress, one after another) while a
 * hostile spreadsheet is sent and read: a CSV header of a million columns, then a workbook of
 * 260,000 rows. (b) Eight students' autosave p99 while 5,000 new students are imported (staged in
 * slices, published in one transaction), against their calm p99 just before.
 */
export async function importFigures(url: string, savers: Student[], record: RecordFigure): Promise<void> {
  const admin = await signInAdmin(url);
  const other = await signInAdmin(url);
  for (const [what, file, name] of [
    ['a CSV header of a million columns', wideCsv(2_000_000), 'wide.csv'],
    ['a workbook of 260,000 rows', await longWorkbook(), 'long.xlsx'],
  ] as const) {
    const { body, contentType } = multipartBody({ mode: 'insert', dry_run: 'true' }, { name, type: 'application/octet-stream', bytes: file });
    let done = false;
    const sent = admin.raw('POST', '/api/student-import', body, contentType).finally(() => (done = true));
    let longest = 0;
    while (!done) longest = Math.max(longest, (await other.get('/api/student-import/progress')).ms);
    const answer = await sent;
    record(`Longest calm call while ${what} is read`, `${ms(longest)} (import answered ${answer.status} in ${ms(answer.ms)})`, '≤ 100 ms', longest <= 100);
  }

  const signedIn = await Promise.all(savers.map((student) => prepareStudent(url, student)));
  const counts = { errors: 0, saves: 0 };
  await Promise.all(signedIn.map((student) => autosaveLoop(student, performance.now() + 2000, [], counts, 'warm')));
  const calm: number[] = [];
  await Promise.all(signedIn.map((student) => autosaveLoop(student, performance.now() + 3000, calm, counts, 'calm')));
  const { body, contentType } = multipartBody({ mode: 'insert', dry_run: 'false' }, { name: 'big-intake.csv', type: 'text/csv', bytes: intakeCsv(5000) });
  let done = false;
  const sent = admin.raw('POST', '/api/student-import', body, contentType).finally(() => (done = true));
  const during: number[] = [];
  await Promise.all(
    signedIn.map(async (student) => {
      while (!done) await autosaveLoop(student, performance.now() + 50, during, counts, 'import');
    }),
  );
  const imported = await sent;
  const calmP99 = percentile(calm, 99);
  const importP99 = percentile(during, 99);
  record(
    'Autosave p99 during a 5,000-student import / calm',
    `${ms(importP99)} / ${ms(calmP99)} (${during.length} saves; import ${imported.status} in ${ms(imported.ms)})`,
    '≤ 2× calm',
    imported.status === 200 && importP99 <= 2 * calmP99,
  );
}
