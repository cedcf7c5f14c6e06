// The school year's figures for `npm run bench`: the rollover of a 2,000-student school, checked and applied.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { proposedNextClass } from '@school/contract';
import { addStudents } from './admin-table.ts';
import { signInAdmin } from './autosave.ts';
import { startPortal } from './portal-process.ts';
import type { RecordFigure } from './results.ts';

const STUDENTS = 2000;

type SchoolYear = { year: number; classes: Array<{ class_id: string; form_level: number; students: number }> };

/**
 * On a portal of its own (a rollover moves the whole school, so the other figures keep their
 * numbers): the demo school topped up to 2,000 students, every class moved as the screen proposes
 * it; the check (dry run), then the apply (one transaction), then the undo (reported).
 */
export async function schoolYearFigures(record: RecordFigure): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-year-'));
  const portal = await startPortal(dataDir);
  try {
    const total = addStudents(dataDir, STUDENTS);
    const admin = await signInAdmin(portal.url);
    const school = JSON.parse((await admin.get('/api/school-year')).body) as SchoolYear;
    const body = {
      to_year: school.year + 1,
      classes: school.classes.map((entry) => ({ from: entry.class_id, to: proposedNextClass(entry, school.classes) })),
    };
    // Students who left before (the demo school has a few) are not moved again.
    const atSchool = school.classes.reduce((sum, entry) => sum + entry.students, 0);
    const check = await admin.post('/api/school-year/rollover', { ...body, dry_run: true });
    const apply = await admin.post('/api/school-year/rollover', { ...body, dry_run: false });
    const answer = JSON.parse(apply.body) as { promoted?: number; left?: number; errors?: unknown[] };
    if (check.status !== 200 || apply.status !== 200 || answer.errors?.length || (answer.promoted ?? 0) + (answer.left ?? 0) !== atSchool) {
      throw new Error(`the rollover answered ${check.status}, ${apply.status}: ${apply.body.slice(0, 300)}`);
    }
    const undo = await admin.post('/api/school-year/undo');
    if (undo.status !== 200) throw new Error(`the undo answered ${undo.status}: ${undo.body.slice(0, 300)}`);
    console.log(`    ${answer.promoted} promoted, ${answer.left} left; undo ${(undo.ms / 1000).toFixed(2)} s`);
    record(
      `School year rollover of ${total.toLocaleString('en')} students (check / apply)`,
      `${(check.ms / 1000).toFixed(2)} s / ${(apply.ms / 1000).toFixed(2)} s`,
      '≤ 2 s check, ≤ 5 s apply',
      check.ms <= 2000 && apply.ms <= 5000,
    );
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
