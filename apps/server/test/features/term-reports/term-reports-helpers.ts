import ExcelJS from 'exceljs';
import type { Db } from '../../../src/db/database.ts';
import { multipart } from '../../helpers/multipart.ts';
import type { TestClient } from '../../helpers/test-app.ts';

/** Posts a file with its fields to an upload call. */
export function sendFile(client: TestClient, url: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const { payload, headers } = multipart(fields, file);
  return client.request('POST', url, payload, headers);
}

type Cell = string | number | null;

/** An .xlsx of sheets given as rows (the first row is the header). */
export async function workbook(sheets: Array<{ name: string; rows: Cell[][] }>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = book.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A CSV file of rows. */
export const csv = (rows: Cell[][]): Buffer =>
  Buffer.from(rows.map((row) => row.map((cell) => (cell === null ? '' : `"${String(cell).replaceAll('"', '""')}"`)).join(',')).join('\r\n'));

/** Gives a student a term: her summary (class, attendance, remarks) and marks by subject. */
export async function giveTerm(
  db: Db,
  studentId: string,
  {
    year,
    term,
    classId = '1A',
    marks = { Mathematics: 75, English: 82 },
  }: { year: number; term: string; classId?: string; marks?: Record<string, number | null> },
): Promise<void> {
  await db
    .insertInto('term_summaries')
    .values({
      student_id: studentId,
      year,
      term,
      form_level: Number(classId[0]),
      class_id: classId,
      days_present: 110,
      days_possible: 120,
      lates: 3,
      conduct: 'Very Good',
      teacher_comment: 'A steady term.',
      principal_comment: 'Keep it up.',
    })
    .execute();
  for (const [subject, mark] of Object.entries(marks)) {
    await db
      .insertInto('term_results')
      .values({ student_id: studentId, year, term, subject, mark, comment: `${subject} comment` })
      .execute();
  }
}

/** Sets a term's posting state directly. */
export async function setPosted(db: Db, year: number, term: string, posted: boolean): Promise<void> {
  await db
    .insertInto('term_reports')
    .values({ year, term, posted: posted ? 1 : 0, date_posted: posted ? '2026-01-10 09:00:00' : null })
    .onConflict((conflict) => conflict.columns(['year', 'term']).doUpdateSet({ posted: posted ? 1 : 0, date_posted: posted ? '2026-01-10 09:00:00' : null }))
    .execute();
}

/** A small real PDF's bytes (enough for a content check). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
