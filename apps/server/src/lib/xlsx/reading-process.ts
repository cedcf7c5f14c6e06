// The spreadsheet reading process (see read-workbook.ts): reads one sheet of one .xlsx with
// exceljs and sends its rows back. Parsing a large workbook takes seconds of processor time and
// hundreds of megabytes; here it holds up no request of the server, and its memory goes with the
// process.
import type ExcelJS from 'exceljs';
import { openZip, ZipRefused } from '../zip/index.ts';
import { hasMoreRowsThan, sheetEntry } from './count-sheet-rows.ts';
import { excel } from './exceljs.ts';
import { withoutFormulaQuote } from './formula-safe.ts';

/** A cell's value as the server reads it: text (trimmed), a number, yes/no, a date, null, or an error value. */
export type ReadCell = string | number | boolean | Date | null | { error: string };

/** What the server asks: the file, the sheet (from 1), and the caps on the archive, rows and columns. */
export type ReadJob = { path: string; sheet: number; maxRows: number; maxColumns: number; maxEntries: number; maxUncompressedBytes: number };

/** What this process answers: the non-empty rows, or why the sheet was not read (`zip`: the archive's check refused it, in a few words). */
export type ReadAnswer = { rows: Array<{ row: number; cells: ReadCell[] }> } | { refused: 'rows' | 'columns' } | { zip: string } | { unreadable: string };

const textValue = (text: string): string | null => {
  const trimmed = withoutFormulaQuote(text).trim();
  return trimmed === '' ? null : trimmed;
};

/** A cell as exceljs gives it, reduced to its value: a formula's cached result (never the formula), rich text as plain text. */
export function xlsxValue(value: ExcelJS.CellValue): ReadCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return textValue(value);
  if ('error' in value) return { error: String(value.error) };
  if ('richText' in value) return textValue(value.richText.map((part) => part.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? null : xlsxValue(result);
  }
  if ('text' in value) return textValue(String(value.text));
  return null;
}

/**
 * The non-empty rows of the sheet, each as an array of values (index 0 is column A; a column
 * with nothing in it is null, never a hole). The archive is checked with `openZip` before
 * anything is inflated for reading; a sheet with more than `maxRows` rows of values after its
 * header is refused as soon as its XML shows the row past the cap, before exceljs parses it
 * (which reads the whole workbook: its streaming reader sometimes ends its walk through the zip
 * early). A row wider than `maxColumns` is refused too.
 */
export async function readSheet(job: ReadJob): Promise<ReadAnswer> {
  try {
    const zip = await openZip(job.path, job);
    const entry = await sheetEntry(zip, job.sheet);
    if (entry && (await hasMoreRowsThan(zip, entry, job.maxRows))) return { refused: 'rows' };
  } catch (error) {
    if (error instanceof ZipRefused) return { zip: error.message };
    throw error;
  }
  const workbook = new (await excel()).Workbook();
  await workbook.xlsx.readFile(job.path);
  const worksheet = workbook.worksheets[job.sheet - 1];
  if (!worksheet) return { rows: [] };
  if (worksheet.columnCount > job.maxColumns) return { refused: 'columns' };
  const rows: Array<{ row: number; cells: ReadCell[] }> = [];
  let refused: 'rows' | 'columns' | undefined;
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    if (refused) return;
    const values = Array.isArray(row.values) ? row.values : [];
    if (values.length - 1 > job.maxColumns) refused = 'columns';
    // exceljs leaves holes for empty cells: each becomes null.
    const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, index) => xlsxValue(values[index + 1] as ExcelJS.CellValue));
    if (cells.every((cell) => cell === null)) return;
    if (rows.length > job.maxRows) refused = 'rows';
    else rows.push({ row: row.number, cells });
  });
  return refused ? { refused } : { rows };
}

if (process.send) {
  // One workbook at a time: the server sends the next when this one is answered.
  process.on('message', (job: ReadJob) => {
    void readSheet(job)
      .catch((error: Error) => ({ unreadable: error.message }) as ReadAnswer)
      .then((answer) => process.connected && process.send!(answer, undefined, {}, () => undefined));
  });
  // The server went away: nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}
