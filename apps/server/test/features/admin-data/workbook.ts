import ExcelJS from 'exceljs';

/** A workbook as the tests read it: each sheet's header row and data rows, values as exceljs gives them. */
export async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return { name: sheet.name, sheet, headers: rows[0] as string[], rows: rows.slice(1) };
  });
}

/** One data row as header → value. */
export const byHeader = (headers: string[], row: ExcelJS.CellValue[]) => Object.fromEntries(headers.map((header, index) => [header, row[index] ?? null]));

export { multipart } from '../../helpers/multipart.ts';
