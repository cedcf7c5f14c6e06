import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;
/**
 * exceljs, loaded at the first spreadsheet read or written. With the zip and XML libraries it
 * brings, loading it took most of the server's start-up and some 20 MB of memory that a server
 * which never touches a spreadsheet does not need.
 */
export function excel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
