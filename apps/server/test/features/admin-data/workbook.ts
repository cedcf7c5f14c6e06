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

/** A multipart/form-data body with the fields first and then the file, as the web app sends it. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
