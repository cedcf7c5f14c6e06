// Term reports' figures for `npm run bench`: report card generation, and a big term results import.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { signInAdmin } from './autosave.ts';
import { median, multipartBody, percentile } from './http-client.ts';
import type { RecordFigure } from './results.ts';

const subjects = [
  'Mathematics',
  'English Language',
  'English Literature',
  'Spanish',
  'French',
  'Integrated Science',
  'Social Studies',
  'Geography',
  'History',
  'Physical Education',
  'Visual Arts',
  'Information Technology',
];

/** Adds `count` students of their own to the portal's SQLite database (the demo school has 600). */
function addStudents(dataDir: string, count: number): string[] {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    const now = new Date().toISOString();
    const insert = db.prepare('INSERT INTO students (id, first_name, last_name, class_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    const ids = Array.from({ length: count }, (_, index) => `B${String(index + 1).padStart(6, '0')}`);
    db.transaction(() => ids.forEach((id, index) => insert.run(id, 'Bench', `Student ${index}`, `${(index % 5) + 1}${'ABCDE'[index % 5]}`, now, now)))();
    return ids;
  } finally {
    db.close();
  }
}

/** The results workbook of `ids` × 12 subjects, with a remarks sheet. */
async function resultsWorkbook(ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const results = book.addWorksheet('Results');
  results.addRow(['Student ID', 'Subject', 'Mark', 'Comment']);
  ids.forEach((id, index) => subjects.forEach((subject, n) => results.addRow([id, subject, 35 + ((index * 7 + n * 13) % 65), 'Works steadily in class.'])));
  const remarks = book.addWorksheet('Remarks');
  remarks.addRow(['Student ID', 'Form Teacher Remark', 'Principal Remark', 'Conduct']);
  ids.forEach((id) => remarks.addRow([id, 'A good term.', 'Keep working steadily.', 'Good']));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Report card: median and p95 of 50 generations of a demo student's posted term (12 months of
 * marks, class position and attendance), as an admin asks for it. Import: one workbook of 1,500
 * students × 12 subjects (18,000 rows, and a remarks sheet) checked and then applied, on SQLite.
 */
export async function termReportsFigures(url: string, dataDir: string, record: RecordFigure): Promise<void> {
  const admin = await signInAdmin(url);
  const students = JSON.parse((await admin.get('/api/students')).body) as Array<{ id: string; class_id: string | null }>;
  const withHistory = students.find((student) => student.class_id && student.class_id[0] !== '1');
  if (!withHistory) throw new Error('no demo student with a past term');
  const times: number[] = [];
  for (let index = 0; index < 50; index += 1) {
    const response = await admin.get(`/api/report-card/${withHistory.id}/2025/3`);
    if (response.status !== 200) throw new Error(`report card answered ${response.status}`);
    times.push(response.ms);
  }
  record('Report card PDF median / p95', `${median(times).toFixed(1)} ms / ${percentile(times, 95).toFixed(1)} ms`, '≤ 60 ms median', median(times) <= 60);

  const ids = addStudents(dataDir, 1500);
  const workbook = { name: 'results.xlsx', type: 'application/octet-stream', bytes: await resultsWorkbook(ids) };
  const { body, contentType } = multipartBody({ year: '2027', term: '2', dry_run: 'true' }, workbook);
  const check = await admin.raw('POST', '/api/term-results/import', body, contentType);
  const applyBody = multipartBody({ year: '2027', term: '2', dry_run: 'false' }, workbook);
  const apply = await admin.raw('POST', '/api/term-results/import', applyBody.body, applyBody.contentType);
  const answer = JSON.parse(apply.body) as { results?: number; errors?: unknown[] };
  if (apply.status !== 200 || answer.results !== 18000 || answer.errors?.length)
    throw new Error(`import answered ${apply.status}: ${apply.body.slice(0, 300)}`);
  record(
    'Term results import, 1,500 × 12 (check / apply)',
    `${(check.ms / 1000).toFixed(2)} s / ${(apply.ms / 1000).toFixed(2)} s`,
    '≤ 5 s apply',
    apply.ms <= 5000,
  );
}
