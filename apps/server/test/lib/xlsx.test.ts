import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defaultReadLimits,
  formulaSafe,
  readSpreadsheet,
  SpreadsheetRefused,
  validateRows,
  workbookStream,
  writeWorkbook,
  type ImportColumn,
  type SheetSpec,
} from '../../src/lib/xlsx/index.ts';
import { hasMoreRowsThan, sheetEntry } from '../../src/lib/xlsx/count-sheet-rows.ts';
import { CsvQuoteError, csvRecords } from '../../src/lib/xlsx/csv-records.ts';
import { openZip } from '../../src/lib/zip/index.ts';
import { makeZip } from '../helpers/zip.ts';
import { describeWithoutDatabase } from '../helpers/test-db.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-xlsx-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let sequence = 0;
const fileWith = (bytes: Buffer | string, extension: string) => {
  sequence += 1;
  const file = path.join(folder, `file-${sequence}${extension}`);
  fs.writeFileSync(file, bytes);
  return file;
};

/** Writes a workbook to a file with the toolkit and returns the file. */
async function written<Rows extends unknown[]>(sheets: { [K in keyof Rows]: SheetSpec<Rows[K]> }): Promise<string> {
  const file = path.join(folder, `written-${(sequence += 1)}.xlsx`);
  await writeWorkbook<Rows>(fs.createWriteStream(file) as unknown as Writable, sheets);
  return file;
}

const hostile = ['=1+1', '+SUM(A1:A2)', '-2+3', '@HYPERLINK("http://evil.example")', '\tTabbed', '\rReturned', "=cmd|' /C calc'!A0"];

describeWithoutDatabase('writing a workbook', () => {
  it('writes every hostile text as text with a leading quote, never a formula', async () => {
    const file = await written([
      { name: 'Students', columns: [{ header: 'Comment', value: (text: string) => text }], rows: [...hostile, 'Plain text', '2+2'] },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Students')!;
    const values = hostile.map((_, index) => sheet.getCell(index + 2, 1));
    for (const [index, cell] of values.entries()) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // XML reads a CR back as a line feed; the quote in front is what matters.
      expect(cell.value).toBe(`'${hostile[index].replace('\r', '\n')}`);
    }
    expect(sheet.getCell(hostile.length + 2, 1).value).toBe('Plain text');
    expect(sheet.getCell(hostile.length + 3, 1).value).toBe('2+2');
    expect(formulaSafe('=A1')).toBe("'=A1");
  });

  it('gives each sheet a bold header row that stays in view with a filter, readable widths and real dates', async () => {
    type Student = { id: string; last_name: string; date_of_birth: string | null; registered: Date };
    type Term = { term: string; reports: number };
    const students: Student[] = [
      { id: '20260001', last_name: 'Mohammed', date_of_birth: '2013-07-21', registered: new Date(Date.UTC(2026, 8, 1)) },
      { id: '20260002', last_name: 'Baptiste', date_of_birth: null, registered: new Date(Date.UTC(2026, 8, 2)) },
    ];
    async function* terms(): AsyncGenerator<Term> {
      yield { term: 'Michaelmas', reports: 610 };
    }
    const file = await written([
      {
        name: 'Students',
        columns: [
          { header: 'Student ID', value: (row: Student) => row.id },
          { header: 'Last Name', value: (row: Student) => row.last_name, width: 24 },
          { header: 'Date of Birth', value: (row: Student) => row.date_of_birth, type: 'date' },
          { header: 'Registered', value: (row: Student) => row.registered, type: 'date' },
        ],
        rows: students,
      },
      {
        name: 'Terms: 2026/27?',
        columns: [
          { header: 'Term', value: (row: Term) => row.term },
          { header: 'Reports', value: (row: Term) => row.reports },
        ],
        rows: terms(),
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Students', 'Terms  2026 27 ']);
    const sheet = workbook.getWorksheet('Students')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Student ID', 'Last Name', 'Date of Birth', 'Registered']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(2).width).toBe(24);
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual(13);
    expect(sheet.getCell('A2').value).toBe('20260001');
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2013, 6, 21)));
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('D3').value).toEqual(new Date(Date.UTC(2026, 8, 2)));
    expect(sheet.getCell('C3').value).toBeNull();
    expect(workbook.worksheets[1].getCell('B2').value).toBe(610);
  });

  it('streams a workbook for an answer', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of workbookStream([{ name: 'One', columns: [{ header: 'A', value: (row: number) => row }], rows: [1, 2, 3] }]))
      chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getCell('A4').value).toBe(3);
  });
});

const columns: Array<ImportColumn<'id' | 'last_name' | 'comment' | 'born'>> = [
  { field: 'id', header: 'Student ID', required: true },
  { field: 'last_name', header: 'Last Name', aliases: ['Surname'], required: true },
  { field: 'comment', header: 'Comment' },
  { field: 'born', header: 'Date of Birth' },
];
const csv = (text: string) => ({ path: fileWith(text, '.csv'), kind: 'csv' as const });

describeWithoutDatabase('reading a spreadsheet', () => {
  it('reads a CSV with a byte-order mark, quotes, commas and line breaks, numbering rows as the spreadsheet shows them', async () => {
    const { rows, errors } = await readSpreadsheet(
      csv('\uFEFFstudent id,SURNAME,Comment,Extra\r\n20260001,"Mohammed, Jr.","Said ""hello""\nand left",x\r\n\r\n20260002,Baptiste,,y\r\n'),
      columns,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, values: { id: '20260001', last_name: 'Mohammed, Jr.', comment: 'Said "hello"\nand left', born: null } },
      { row: 4, values: { id: '20260002', last_name: 'Baptiste', comment: null, born: null } },
    ]);
  });

  it('splits CSV text as Excel does: CRLF, LF or CR between records, quotes only around a whole field, an empty line kept, no record after the last line break', () => {
    expect([...csvRecords('a,b\rc,"d\r\ne"\n\n,\r\n"x""y",z"w"\r\n')]).toEqual([['a', 'b'], ['c', 'd\r\ne'], [''], ['', ''], ['x"y', 'z"w"']]);
    expect([...csvRecords('')]).toEqual([]);
    expect([...csvRecords('last,')]).toEqual([['last', '']]);
    expect([...csvRecords('""')]).toEqual([['']]);
  });

  it('refuses a CSV whose quote is left open or followed by more text, naming the row, and reads no further than asked', async () => {
    expect(() => [...csvRecords('a\n"open,b\nc')]).toThrow(new CsvQuoteError(2));
    expect(() => [...csvRecords('a\nb\n"closed"early,c')]).toThrow(new CsvQuoteError(3));
    const records = csvRecords('first\n"never closed');
    expect(records.next().value).toEqual(['first']);
    await expect(readSpreadsheet(csv('Student ID,Last Name\n1,"Baptiste\n2,Charles\n'), columns)).rejects.toThrow(
      'Row 2 of the CSV file cannot be read: check its quotes.',
    );
  });

  it('reads a long CSV a slice at a time, letting other work go between the slices', async () => {
    const lines = Array.from({ length: 4000 }, (_, index) => `${20260001 + index},Student ${index}`);
    let turns = 0;
    let reading = true;
    const count = () => {
      turns += 1;
      if (reading) setImmediate(count);
    };
    setImmediate(count);
    const { rows } = await readSpreadsheet(csv(`Student ID,Last Name\n${lines.join('\n')}\n`), columns).finally(() => (reading = false));
    expect(rows).toHaveLength(4000);
    expect(rows[3999]).toEqual({ row: 4001, values: { id: '20264000', last_name: 'Student 3999', comment: null, born: null } });
    // Reading the file takes a few turns; parsing it in one go would take none.
    expect(turns).toBeGreaterThanOrEqual(15);
  });

  it('reports a missing or repeated column at the header row', async () => {
    const missing = await readSpreadsheet(csv('Student ID,Comment\n1,a\n'), columns);
    expect(missing.errors).toEqual([{ row: 1, column: 'Last Name', message: "The column 'Last Name' is missing." }]);
    const repeated = await readSpreadsheet(csv('Student ID,Last Name,Surname\n1,a,b\n'), columns);
    expect(repeated.errors).toEqual([{ row: 1, column: 'Last Name', message: "The column 'Last Name' appears 2 times; keep one." }]);
  });

  it('reads formulas as their results, rich text as text, and reports error cells where they are', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Marks');
    sheet.addRow(['Student ID', 'Last Name', 'Comment', 'Date of Birth']);
    sheet.addRow([
      '20260001',
      { richText: [{ text: 'Moham' }, { text: 'med', font: { bold: true } }] },
      { formula: 'HYPERLINK("http://evil.example","Click")', result: 'Click' },
      new Date(Date.UTC(2013, 6, 21)),
    ]);
    sheet.addRow(['20260002', 'Baptiste', { error: '#N/A' }, null]);
    sheet.addRow(['20260003', 'Charles', "'=SUM(A1)", null]);
    const file = fileWith(Buffer.from(await workbook.xlsx.writeBuffer()), '.xlsx');
    const { rows, errors } = await readSpreadsheet({ path: file, kind: 'xlsx' }, columns);
    expect(rows[0]).toEqual({ row: 2, values: { id: '20260001', last_name: 'Mohammed', comment: 'Click', born: new Date(Date.UTC(2013, 6, 21)) } });
    expect(rows[1].values.comment).toBeNull();
    expect(rows[2].values.comment).toBe('=SUM(A1)');
    expect(errors).toEqual([{ row: 3, column: 'Comment', message: 'The cell holds an error (#N/A) instead of a value.' }]);
  });

  it('reports a column it does not know when asked to, and ignores it otherwise', async () => {
    const file = csv('Student ID,Last Name,Homework\n1,a,b\n');
    expect((await readSpreadsheet(file, columns)).errors).toEqual([]);
    const { errors } = await readSpreadsheet(file, columns, defaultReadLimits, { unknownColumns: 'error' });
    expect(errors).toEqual([{ row: 1, column: 'Homework', message: expect.stringContaining("The column 'Homework' is not one this import knows") }]);
  });

  it('reads the same workbook the same way every time (a streaming reader lost the end of the zip about once in 500 reads)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['Student ID', 'Class']);
    sheet.addRow(['S-1', '2B']);
    const file = fileWith(Buffer.from(await workbook.xlsx.writeBuffer()), '.xlsx');
    const columns: ImportColumn[] = [
      { field: 'id', header: 'Student ID' },
      { field: 'class', header: 'Class' },
    ];
    const outcomes = new Set<string>();
    // 1,500 reads (a loss once in 500 shows with 95 % odds) where the machine allows; on a machine
    // busy with other work, at least 500 and then as many as fit in a minute.
    const enoughBy = performance.now() + 60_000;
    for (let read = 0; read < 1500 && (read < 500 || performance.now() < enoughBy); read += 1) {
      outcomes.add(
        await readSpreadsheet({ path: file, kind: 'xlsx' }, columns).then(
          (found) => JSON.stringify(found.rows),
          (error: Error) => error.message,
        ),
      );
    }
    expect([...outcomes]).toEqual([JSON.stringify([{ row: 2, values: { id: 'S-1', class: '2B' } }])]);
  }, 600_000);

  it('reads a later sheet of a workbook when asked, and finds no rows where there is no such sheet', async () => {
    const file = await written<[string[], string[]]>([
      { name: 'First', columns: [{ header: 'Student ID', value: (row) => row[0] }], rows: [['1']] },
      {
        name: 'Second',
        columns: [
          { header: 'Student ID', value: (row) => row[0] },
          { header: 'Last Name', value: (row) => row[1] },
        ],
        rows: [['2', 'Persad']],
      },
    ]);
    const second = await readSpreadsheet({ path: file, kind: 'xlsx' }, columns, defaultReadLimits, { sheet: 2 });
    expect(second).toMatchObject({ rows: [{ row: 2, values: { id: '2', last_name: 'Persad', comment: null, born: null } }], errors: [] });
    expect(await readSpreadsheet({ path: file, kind: 'xlsx' }, columns, defaultReadLimits, { sheet: 3 })).toEqual({
      rows: [],
      errors: [],
      headers: [],
      present: [],
    });
    expect(await readSpreadsheet(csv('Student ID,Last Name\n1,a\n'), columns, defaultReadLimits, { sheet: 2 })).toEqual({
      rows: [],
      errors: [],
      headers: [],
      present: [],
    });
  });

  it('reads back what the writer wrote, hostile texts included', async () => {
    const file = await written([
      {
        name: 'Students',
        columns: [
          { header: 'Student ID', value: (row: string[]) => row[0] },
          { header: 'Last Name', value: (row: string[]) => row[1] },
          { header: 'Comment', value: (row: string[]) => row[2] },
        ],
        rows: hostile.map((text, index) => [`2026000${index}`, 'Persad', text]),
      },
    ]);
    const { rows } = await readSpreadsheet({ path: file, kind: 'xlsx' }, columns);
    expect(rows.map((row) => row.values.comment)).toEqual(hostile.map((text) => text.trim()));
  });

  it('refuses a file with too many rows', async () => {
    const lines = ['Student ID,Last Name', ...Array.from({ length: 11 }, (_, index) => `${index},Name`)].join('\n');
    await expect(readSpreadsheet(csv(lines), columns, { maxRows: 10, maxColumns: 300, maxEntries: 100, maxUncompressedBytes: 1e6 })).rejects.toThrow(
      'The file has more than 10 rows. Split it into smaller files.',
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Big');
    sheet.addRow(['Student ID', 'Last Name']);
    for (let index = 0; index < 11; index += 1) sheet.addRow([index, 'Name']);
    const file = fileWith(Buffer.from(await workbook.xlsx.writeBuffer()), '.xlsx');
    await expect(
      readSpreadsheet({ path: file, kind: 'xlsx' }, columns, { maxRows: 10, maxColumns: 300, maxEntries: 100, maxUncompressedBytes: 1e6 }),
    ).rejects.toBeInstanceOf(SpreadsheetRefused);
  });

  it('counts the rows of a sheet that hold a value, in tab order, and stops reading at the first row past the cap', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Short').addRow(['Student ID']);
    const sheet = workbook.addWorksheet('Long');
    sheet.addRow(['Student ID', 'Last Name']);
    for (let index = 0; index < 10; index += 1) sheet.addRow([index, 'Name']);
    // Rows with no value (a formatted cell, an empty row) are not rows of data.
    sheet.getRow(40).getCell(1).style = { font: { bold: true } };
    const zip = await openZip(fileWith(Buffer.from(await workbook.xlsx.writeBuffer()), '.xlsx'), { maxEntries: 100, maxUncompressedBytes: 1e6 });
    const long = (await sheetEntry(zip, 2))!;
    expect(long.name).toMatch(/sheet2\.xml$/);
    expect(await hasMoreRowsThan(zip, long, 10)).toBe(false);
    expect(await hasMoreRowsThan(zip, long, 9)).toBe(true);
    expect(await hasMoreRowsThan(zip, (await sheetEntry(zip, 1))!, 0)).toBe(false);
    expect(await sheetEntry(zip, 3)).toBeUndefined();

    // A sheet that never ends, its tags cut anywhere between chunks: the answer comes at the row past the cap.
    let sent = 0;
    const endless = (function* () {
      yield Buffer.from('<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Student ID</t></is></c></ro');
      for (sent = 2; ; sent += 1) yield Buffer.from(`w><row r="${sent}"><c><v>${sent}</v></c></ro`);
    })();
    const endlessZip = { entries: [], read: () => Promise.reject(new Error('unused')), stream: () => Readable.from(endless) };
    expect(await hasMoreRowsThan(endlessZip, long, 5000)).toBe(true);
    expect(sent).toBeLessThan(5010);
  });

  it('refuses an .xlsx that is really a PDF, and an empty file', async () => {
    const pdf = fileWith('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n', '.xlsx');
    await expect(readSpreadsheet({ path: pdf, kind: 'xlsx' }, columns)).rejects.toMatchObject({
      statusCode: 422,
      message: 'This workbook cannot be read (not a zip). Save it again from Excel as .xlsx, or as CSV.',
    });
    await expect(readSpreadsheet(csv(''), columns)).rejects.toThrow('The file is empty: it needs a header row and at least one row of data.');
    await expect(readSpreadsheet({ path: pdf, kind: 'pdf' }, columns)).rejects.toThrow('The file must be an Excel workbook (.xlsx) or a CSV file.');
  });

  it('checks rows with a schema and reports each problem under its header', async () => {
    const { rows } = await readSpreadsheet(csv('Student ID,Last Name\n20260001,Persad\nabc,\n'), columns);
    const schema = z.object({ id: z.string().regex(/^\d{8}$/, 'A student ID has 8 digits.'), last_name: z.string({ message: 'This field is required.' }) });
    const { valid, errors } = validateRows(rows, columns, schema);
    expect(valid).toEqual([{ row: 2, value: { id: '20260001', last_name: 'Persad' } }]);
    expect(errors).toEqual([
      { row: 3, column: 'Student ID', message: 'A student ID has 8 digits.' },
      { row: 3, column: 'Last Name', message: 'This field is required.' },
    ]);
  });
});

describeWithoutDatabase('the zip check before a workbook is opened', () => {
  const limits = { maxEntries: 20, maxUncompressedBytes: 5 * 1024 * 1024, maxRows: 10, maxColumns: 300 };
  const entries = [
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'xl/workbook.xml', data: '<workbook/>' },
  ];

  it.each([
    [
      'a zip bomb whose entry claims to be small',
      [{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1024 }],
      'an entry inflates past its declared size',
    ],
    ['a workbook too large once unzipped', [{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(6 * 1024 * 1024) }], 'too large once unzipped'],
    ['a part whose name leaves its folder', [{ name: '../../sheet1.xml', data: '<x/>' }], 'a name that leaves its folder'],
  ])('refuses %s before exceljs reads it', async (_what, extra, reason) => {
    const file = { path: fileWith(makeZip([...entries, ...extra]), '.xlsx'), kind: 'xlsx' as const };
    await expect(readSpreadsheet(file, columns, limits)).rejects.toMatchObject({
      statusCode: 422,
      message: `This workbook cannot be read (${reason}). Save it again from Excel as .xlsx, or as CSV.`,
    });
  });
});
