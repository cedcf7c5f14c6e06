import { readFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { messages, importHeaderKey as headerKey } from '@school/contract';
import type { z } from 'zod';
import { Invalid } from '../errors.ts';
import type { ZipLimits } from '../zip/index.ts';
import { CsvQuoteError, csvRecords, CsvTooWide } from './csv-records.ts';
import { withoutFormulaQuote } from './formula-safe.ts';
import { readWorkbookSheet } from './read-workbook.ts';

/** A value read from a cell: text (trimmed), a number, yes/no, a date, or null for an empty cell. */
export type ReadValue = string | number | boolean | Date | null;

/** A column an import expects: the field it fills, the header it has in the template, and other headers taken for it. */
export type ImportColumn<Field extends string = string> = {
  field: Field;
  header: string;
  /** Other headers that mean this column (matched, like `header`, without regard to case, spaces or punctuation). */
  aliases?: string[];
  /** The file must have this column. */
  required?: boolean;
};

/** A problem at a place the admin can find: the row number as the spreadsheet shows it (the header is row 1 when it is the first), and the column's header. */
export type ImportError = { row: number; column: string | null; message: string };

/** A data row: its number as the spreadsheet shows it, and the value of each expected column (null when empty or absent). */
export type ImportRow<Field extends string = string> = { row: number; values: Record<Field, ReadValue> };

/** What `readSpreadsheet` found: the rows, the problems, the header row as written, and which expected columns the file has. */
export type SpreadsheetRead<Field extends string> = {
  rows: Array<ImportRow<Field>>;
  errors: ImportError[];
  /** The header row as the file has it (for a mapping step when the headers differ). */
  headers: string[];
  /** The expected columns the file has: an import may leave untouched the fields of the columns it lacks. */
  present: Field[];
};

export type ReadLimits = ZipLimits & {
  /** Data rows (the header and empty rows not counted). */
  maxRows: number;
  /** Columns of any row, the header's included. */
  maxColumns: number;
};

/** Enough for a school: 5,000 rows, 300 columns, 100 entries and 50 MB once unzipped. */
export const defaultReadLimits: ReadLimits = { maxRows: 5000, maxColumns: 300, maxEntries: 100, maxUncompressedBytes: 50 * 1024 * 1024 };

/** Which sheet to read, and what to do with columns the import does not know. */
export type ReadOptions = {
  /**
   * The sheet of an .xlsx to read, counting from 1 (the default). A later sheet is optional: when
   * the workbook has no such sheet, or it is empty, there are no rows and no errors. A CSV file
   * has only the first.
   */
  sheet?: number;
  /** 'error': a header that is none of `columns` is reported at the header row; 'ignore' (default) skips the column. */
  unknownColumns?: 'ignore' | 'error';
};

/**
 * A file that cannot be read as a whole (not a workbook, a zip bomb, too many rows): 422 with the
 * reason under `file`, before any row is looked at.
 */
export class SpreadsheetRefused extends Invalid {
  constructor(message: string) {
    super(message, { file: [message] });
  }
}

const textValue = (text: string): string | null => {
  const trimmed = withoutFormulaQuote(text).trim();
  return trimmed === '' ? null : trimmed;
};

/** The refusal of a sheet its reading found too long or too wide. */
function tooLarge(refused: 'rows' | 'columns', limits: ReadLimits): SpreadsheetRefused {
  return refused === 'rows'
    ? new SpreadsheetRefused(messages.tooManyRows(limits.maxRows.toLocaleString('en')))
    : new SpreadsheetRefused(messages.tooManyColumns(limits.maxColumns.toLocaleString('en')));
}

/**
 * The rows of one sheet of an .xlsx (the first unless `sheet` says, in the workbook's tab order),
 * read in a process of its own (`read-workbook.ts`), with each row's number. The reading checks
 * the archive with `openZip` (what unzips is bounded, off this process's event loop), and refuses
 * more than `maxRows` rows or `maxColumns` columns.
 */
async function* xlsxRows(file: string, limits: ReadLimits, sheet = 1): AsyncGenerator<{ row: number; cells: Array<ReadValue | { error: string }> }> {
  const read = await readWorkbookSheet({ path: file, sheet, ...limits });
  if ('zip' in read) throw new SpreadsheetRefused(messages.workbookUnreadable(read.zip));
  if ('refused' in read) throw tooLarge(read.refused, limits);
  if ('unreadable' in read) throw new Error(read.unreadable);
  yield* read.rows;
}

/** CSV records read between two turns of the event loop: a few hundred microseconds of work, a millisecond or two while the parser is new after a start. */
const CSV_SLICE = 100;

/**
 * The records of a CSV file (UTF-8, a byte-order mark allowed), quoted values with commas and line
 * breaks included (`csvRecords`). The file is read whole, off the event loop, and parsed a slice
 * of records at a time, so that other requests go between the slices.
 */
async function* csvRows(file: string, limits: ReadLimits): AsyncGenerator<{ row: number; cells: ReadValue[] }> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  let row = 0;
  try {
    for (const record of csvRecords(text, limits.maxColumns)) {
      row += 1;
      yield { row, cells: record.map(textValue) };
      if (row % CSV_SLICE === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof CsvQuoteError) throw new SpreadsheetRefused(messages.csvQuotes(error.record));
    if (error instanceof CsvTooWide) throw tooLarge('columns', limits);
    throw error;
  }
}

const isEmpty = (cells: Array<ReadValue | { error: string }>) => cells.every((cell) => cell === null);

/**
 * Reads an uploaded spreadsheet (an .xlsx's first sheet, or a CSV file) into rows of the
 * expected columns. An .xlsx is checked with `openZip` before exceljs inflates anything. The
 * first non-empty row is the header row; headers are matched to `columns` without regard to
 * case, spaces or punctuation, and other columns are ignored. Empty rows are skipped but keep
 * their numbers. A missing required column, a repeated one, or a cell holding an error value is
 * reported in `errors`; a file that cannot be read as a whole throws `SpreadsheetRefused` (422).
 *
 *   const { rows, errors } = await readSpreadsheet(request.body.file, [
 *     { field: 'id', header: 'Student ID', required: true },
 *     { field: 'last_name', header: 'Last Name', required: true },
 *   ]);
 */
export async function readSpreadsheet<Field extends string>(
  file: { path: string; kind: 'xlsx' | 'csv' | string | null },
  columns: Array<ImportColumn<Field>>,
  limits: ReadLimits = defaultReadLimits,
  options: ReadOptions = {},
): Promise<SpreadsheetRead<Field>> {
  const sheet = options.sheet ?? 1;
  if (sheet > 1 && file.kind === 'csv') return { rows: [], errors: [], headers: [], present: [] };
  if (file.kind !== 'xlsx' && file.kind !== 'csv') throw new SpreadsheetRefused(messages.notSpreadsheetKind);
  const rows: Array<ImportRow<Field>> = [];
  const errors: ImportError[] = [];
  let positions: Map<Field, number> | null = null;
  let headers: string[] = [];
  try {
    for await (const { row, cells } of file.kind === 'xlsx' ? xlsxRows(file.path, limits, sheet) : csvRows(file.path, limits)) {
      if (isEmpty(cells)) continue;
      if (!positions) {
        headers = cells.map((cell) => (cell === null || typeof cell === 'object' ? '' : shortened(String(cell))));
        positions = mapHeaders(headers, columns, row, errors);
        if (options.unknownColumns === 'error') errors.push(...unknownHeaders(headers, columns, row));
        continue;
      }
      if (rows.length >= limits.maxRows) throw tooLarge('rows', limits);
      const values = {} as Record<Field, ReadValue>;
      for (const column of columns) {
        const position = positions.get(column.field);
        const cell = position === undefined ? null : (cells[position] ?? null);
        if (cell !== null && typeof cell === 'object' && 'error' in cell) {
          errors.push({ row, column: headers[position!], message: messages.cellError(cell.error) });
          values[column.field] = null;
        } else values[column.field] = cell as ReadValue;
      }
      rows.push({ row, values });
    }
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error;
    throw new SpreadsheetRefused(messages.notSpreadsheet);
  }
  if (!positions && sheet > 1) return { rows: [], errors: [], headers: [], present: [] };
  if (!positions) throw new SpreadsheetRefused(messages.spreadsheetEmpty);
  const found = positions;
  return { rows, errors, headers, present: columns.filter((column) => found.has(column.field)).map((column) => column.field) };
}

/** Where each expected column is, reporting missing and repeated ones against the header row. */
function mapHeaders<Field extends string>(headers: string[], columns: Array<ImportColumn<Field>>, row: number, errors: ImportError[]): Map<Field, number> {
  const positions = new Map<Field, number>();
  for (const column of columns) {
    const names = new Set([column.header, ...(column.aliases ?? [])].map(headerKey));
    const found = headers.flatMap((header, index) => (names.has(headerKey(header)) ? [index] : []));
    if (found.length > 1) errors.push({ row, column: column.header, message: messages.columnTwice(column.header, found.length) });
    if (found.length === 0 && column.required) errors.push({ row, column: column.header, message: messages.columnMissing(column.header) });
    if (found.length > 0) positions.set(column.field, found[0]);
  }
  return positions;
}

/** A header as an answer names it: a long one cut short, so that a hostile header row never makes a large answer. */
const shortened = (header: string) => (header.length > 80 ? `${header.slice(0, 80)}…` : header);

/** Headers of the file that name none of `columns` (empty headers over empty columns pass). */
function unknownHeaders(headers: string[], columns: Array<ImportColumn>, row: number): ImportError[] {
  const known = new Set(columns.flatMap((column) => [column.header, ...(column.aliases ?? [])]).map(headerKey));
  return headers
    .filter((header) => header.trim() !== '' && !known.has(headerKey(header)))
    .map((header) => shortened(header))
    .map((header) => ({
      row,
      column: header,
      message: messages.columnUnknown(header, columns.map((column) => column.header).join(', ')),
    }));
}

/** Errors an answer lists: enough to fix a file by, never an answer of megabytes. */
export const MAX_ERRORS_ANSWERED = 200;

/** The first errors of an import, and how many there are in all. */
export const answeredErrors = (errors: ImportError[]) => ({ errors: errors.slice(0, MAX_ERRORS_ANSWERED), error_count: errors.length });

/**
 * Checks each row with a zod schema of its fields, returning the rows that passed (parsed) and
 * an error for every problem, at the row and under the header the admin sees.
 */
export function validateRows<Field extends string, Schema extends z.ZodType>(
  rows: Array<ImportRow<Field>>,
  columns: Array<ImportColumn<Field>>,
  schema: Schema,
): { valid: Array<{ row: number; value: z.output<Schema> }>; errors: ImportError[] } {
  const headerOf = new Map<string, string>(columns.map((column) => [column.field, column.header]));
  const valid: Array<{ row: number; value: z.output<Schema> }> = [];
  const errors: ImportError[] = [];
  for (const { row, values } of rows) {
    const result = schema.safeParse(values);
    if (result.success) valid.push({ row, value: result.data });
    else for (const issue of result.error.issues) errors.push({ row, column: headerOf.get(String(issue.path[0])) ?? null, message: issue.message });
  }
  return { valid, errors };
}
