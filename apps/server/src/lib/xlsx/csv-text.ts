import { formulaSafe } from './formula-safe.ts';

/** What a CSV's cell may hold: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** `text/csv` with its character set, for `sendDownload`. */
export const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * The byte-order mark that makes Excel read a CSV file as UTF-8 (otherwise a name such as
 * "Zoë" shows as "ZoÃ«"); sent once, before the first line.
 */
export const CSV_BOM = '\ufeff';

/** A field quoted when it must be (RFC 4180): it holds a comma, a quote or a line break; quotes inside are doubled. */
function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : formulaSafe(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One line of a CSV file as spreadsheets read it (RFC 4180, CRLF): every text formula-safe by the
 * rule of every export (DESIGN §3), so a cell such as `=HYPERLINK(...)` shows as text and never
 * runs when the file is opened.
 */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(field).join(',')}\r\n`;

/** A whole CSV file's text, its header first, with the byte-order mark. */
export const csvText = (header: readonly string[], rows: Iterable<readonly CsvCell[]>): string => CSV_BOM + csvLine(header) + [...rows].map(csvLine).join('');
