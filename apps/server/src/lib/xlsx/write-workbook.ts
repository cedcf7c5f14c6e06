import { PassThrough, type Readable, type Writable } from 'node:stream';
import { withoutForbiddenCharacters } from '@school/contract';
import type ExcelJS from 'exceljs';
import { excel } from './exceljs.ts';
import { formulaSafe } from './formula-safe.ts';

/** What a cell may hold: text, a number, a date (a Date, or 'yyyy-MM-dd' in a 'date' column), yes/no, or nothing. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** One column of a sheet: its header, how wide it is, and the value each row gives it. */
export type SheetColumn<Row> = {
  /** The header as the admin reads it, e.g. 'Date of Birth'. */
  header: string;
  value: (row: Row) => CellValue;
  /** 'date': a Date or a 'yyyy-MM-dd' text becomes a real date (sortable, shown yyyy-mm-dd); 'text' (default) and 'number' keep what they get. */
  type?: 'text' | 'number' | 'date';
  /** Width in characters; by default the header's, at least 10. */
  width?: number;
};

/** One sheet of a workbook; rows may be an array or an async stream of database rows. */
export type SheetSpec<Row> = { name: string; columns: Array<SheetColumn<Row>>; rows: Iterable<Row> | AsyncIterable<Row> };

const DATE_FORMAT = 'yyyy-mm-dd';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The style objects every cell shares. exceljs turns a cell's style into its styles.xml entry by
 * writing it out as XML, unless it has met that very object before; a fresh object per cell made
 * that a large part of an export's time. A style without a number format still depends on the
 * value's kind (numbers and dates get a default format), so each kind has its own object.
 */
const dateColumnStyle: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT };
const valueStyles = { number: {}, date: {}, other: {} } satisfies Record<string, Partial<ExcelJS.Style>>;
const sharedStyle = (value: ExcelJS.CellValue): Partial<ExcelJS.Style> =>
  typeof value === 'number' ? valueStyles.number : value instanceof Date ? valueStyles.date : valueStyles.other;

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

/** The cell value to write: every text formula-safe and without a character XML forbids (decision 038), dates as real dates (at midnight UTC, which Excel reads as that day). */
function cellValue(value: CellValue, type: SheetColumn<unknown>['type']): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'date' && typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  }
  return typeof value === 'string' ? formulaSafe(withoutForbiddenCharacters(value)) : value;
}

/**
 * Writes a workbook to `output` as it goes (exceljs's streaming writer: rows are never all in
 * memory), one sheet per spec: a bold header row that stays in view (frozen) with a filter on
 * it, readable column widths, dates as real dates, and every text formula-safe (DESIGN §3).
 *
 *   await writeWorkbook(reply.raw, [{ name: 'Students', columns: [
 *     { header: 'Student ID', value: (s) => s.id },
 *     { header: 'Date of Birth', value: (s) => s.date_of_birth, type: 'date' },
 *   ], rows: students }]);
 */
export async function writeWorkbook<Rows extends unknown[]>(output: Writable, sheets: { [K in keyof Rows]: SheetSpec<Rows[K]> }): Promise<void> {
  const { stream } = await excel();
  const workbook = new stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  for (const sheet of sheets as Array<SheetSpec<unknown>>) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      header: formulaSafe(withoutForbiddenCharacters(column.header)),
      width: column.width ?? Math.max(10, column.header.length + 2),
      style: column.type === 'date' ? { numFmt: DATE_FORMAT } : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
    worksheet.getRow(1).commit();
    const columnStyles = sheet.columns.map((column) => (column.type === 'date' ? dateColumnStyle : null));
    for await (const row of sheet.rows) {
      const written = worksheet.addRow(sheet.columns.map((column) => cellValue(column.value(row), column.type)));
      written.eachCell({ includeEmpty: true }, (cell, index) => {
        cell.style = columnStyles[index - 1] ?? sharedStyle(cell.value);
      });
      written.commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/**
 * The workbook as a stream, for `reply.type(XLSX_TYPE).send(workbookStream(sheets))`; a failure
 * while writing ends the stream with the error.
 */
export function workbookStream<Rows extends unknown[]>(sheets: { [K in keyof Rows]: SheetSpec<Rows[K]> }): Readable {
  const output = new PassThrough();
  writeWorkbook<Rows>(output, sheets).catch((error: Error) => output.destroy(error));
  return output;
}

/** The media type of an .xlsx answer. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
