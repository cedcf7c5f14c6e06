/**
 * Spreadsheets done once: exports write with `writeWorkbook`/`workbookStream` (streaming, every
 * text formula-safe, a frozen and filtered header row, real dates), CSV files with `csvText` (formula-safe
 * alike); imports read with
 * `readSpreadsheet` (xlsx or CSV, zip entries, inflated size and rows capped) and check rows with
 * `validateRows`, reporting `{ row, column, message }` as the admin sees them.
 */
export { CSV_BOM, CSV_TYPE, csvLine, csvText, type CsvCell } from './csv-text.ts';
export { formulaSafe, withoutFormulaQuote } from './formula-safe.ts';
export { oneImportAtATime } from './one-import-at-a-time.ts';
export {
  answeredErrors,
  defaultReadLimits,
  MAX_ERRORS_ANSWERED,
  readSpreadsheet,
  SpreadsheetRefused,
  validateRows,
  type ImportColumn,
  type ImportError,
  type ImportRow,
  type ReadLimits,
  type ReadOptions,
  type ReadValue,
  type SpreadsheetRead,
} from './read-spreadsheet.ts';
export { workbookStream, writeWorkbook, XLSX_TYPE, type CellValue, type SheetColumn, type SheetSpec } from './write-workbook.ts';
