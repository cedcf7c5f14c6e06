import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { multipart } from '../../helpers/multipart.ts';
import type { TestClient } from '../../helpers/test-app.ts';

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

export { multipart };

/** An .xlsx of one sheet named Students: the header row, then the rows. */
export async function studentsWorkbook(headers: unknown[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a file to Import Students as the client, with the form's text fields. */
export async function uploadStudentImport(app: FastifyInstance, client: TestClient, bytes: Buffer, fields: Record<string, string>, name = 'intake.xlsx') {
  const { payload, headers } = multipart(fields, { name, bytes });
  await client.get('/sanctum/csrf-cookie');
  const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '');
  const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  return app.inject({ method: 'POST', url: '/api/student-import', payload, headers: { ...headers, cookie, 'x-xsrf-token': xsrf }, remoteAddress: client.ip });
}
