import { messages } from '@school/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMessages } from '../../../src/lib/error-handler.ts';
import { adminApp, createStudent } from '../../helpers/factories.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { readWorkbook } from './workbook.ts';

const STUDENTS = 600;
const EXPORTS = 20;

// Connections cut under a running server are PostgreSQL's fault (SQLite has none to cut).
describe.skipIf(testDialect !== 'postgres')('exports while the database connections are cut', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    ({ t, admin } = await adminApp({ exportDailyLimit: 1000 }));
    for (let start = 0; start < STUDENTS; start += 20)
      await Promise.all(Array.from({ length: 20 }, (_, n) => createStudent(t.db, { class_id: ['1A', '2B', '3A', '4D', '5A'][(start + n) % 5] })));
  }, 120_000);
  afterAll(() => t?.close());

  it('answers each of 20 spreadsheet and audit downloads with a whole file or a 503, never a cut file', async () => {
    let cutting = true;
    let cuts = 0;
    // Every connection but the cutter's own, cut every 150 to 450 ms: about once within each export.
    const cutter = (async () => {
      while (cutting) {
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 300));
        try {
          const { rows } = await sql<{
            cut: boolean;
          }>`SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(t.db);
          cuts += rows.filter((row) => row.cut).length;
        } catch {
          // The cutter's own connection was one an export's request held: the next try opens another.
        }
      }
    })();
    const answers: Array<{ kind: string; status: number; message?: string; rows?: number }> = [];
    try {
      for (let n = 0; n < EXPORTS; n += 1) {
        const kind = n % 4 === 3 ? 'audit' : 'spreadsheet';
        const response = await admin.get(kind === 'audit' ? '/api/audit/csv' : '/api/registration-data-spreadsheet');
        if (response.statusCode !== 200) {
          answers.push({ kind, status: response.statusCode, message: response.json().message });
          continue;
        }
        if (kind === 'audit') {
          const text = response.body;
          // Whole: the header first, and the file ends with a whole line.
          expect(text.split('\n')[0]).toContain('When,Who');
          expect(text.endsWith('\n')).toBe(true);
          answers.push({ kind, status: 200 });
        } else {
          const sheets = await readWorkbook(response.rawPayload);
          answers.push({ kind, status: 200, rows: sheets[0].rows.length });
          expect(sheets.map((sheet) => sheet.name)).toEqual(['All Students', 'Form 1', 'Form 2', 'Form 3', 'Form 4', 'Form 5']);
          expect(sheets.slice(1).reduce((sum, sheet) => sum + sheet.rows.length, 0)).toBe(STUDENTS);
        }
      }
    } finally {
      cutting = false;
      await cutter;
    }
    expect(cuts).toBeGreaterThan(0);
    expect(answers).toHaveLength(EXPORTS);
    for (const answer of answers) {
      if (answer.status === 200) {
        if (answer.kind === 'spreadsheet') expect(answer.rows).toBe(STUDENTS);
        continue;
      }
      expect(answer.status).toBe(503);
      expect([messages.downloadNotMade, databaseMessages.lost, databaseMessages.busy]).toContain(answer.message);
    }
    // Cuts this often reach some exports while they are being made, and those are refused whole.
    expect(answers.some((answer) => answer.message === messages.downloadNotMade)).toBe(true);
  }, 120_000);
});
