import { proposedNextClass } from '@school/contract';
import type { Db } from '../../../src/db/database.ts';
import type { TestClient } from '../../helpers/test-app.ts';

/** Every class moved as the screen proposes it: the same letter in the next form, the top form leaving. */
export async function proposedMoves(db: Db): Promise<Array<{ from: string; to: string | null }>> {
  const classes = (await db.selectFrom('form_classes').selectAll().execute()).map((row) => ({ class_id: row.id, form_level: Number(row.form_level) }));
  return classes.map((entry) => ({ from: entry.class_id, to: proposedNextClass(entry, classes) }));
}

/** The current year as GET /api/school-year answers it. */
export async function currentYear(admin: TestClient): Promise<number> {
  return (await admin.get('/api/school-year')).json().year as number;
}

/** Every row of the tables a rollover changes, in key order, to compare before and after. */
export async function rolloverTables(db: Db) {
  return {
    students: await db.selectFrom('students').selectAll().orderBy('id').execute(),
    form_progress: await db.selectFrom('form_progress').selectAll().orderBy('student_id').execute(),
    registration_status: await db.selectFrom('registration_status').selectAll().orderBy('form_level').execute(),
    student_leavers: await db.selectFrom('student_leavers').selectAll().orderBy('student_id').execute(),
    registration_history: await db.selectFrom('registration_history').selectAll().orderBy('id').execute(),
    school_year: await db.selectFrom('school_year').selectAll().execute(),
  };
}

/** Rolls the school into its next year, every class moved as the screen proposes it; the year that ended. */
export async function rollOverAsProposed(db: Db, admin: TestClient): Promise<number> {
  const year = await currentYear(admin);
  const response = await admin.post('/api/school-year/rollover', { to_year: year + 1, classes: await proposedMoves(db), dry_run: false });
  if (response.statusCode !== 200) throw new Error(`The rollover answered ${response.statusCode}: ${response.body}`);
  return year;
}
