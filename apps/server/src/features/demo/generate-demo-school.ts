import type { FieldValue } from '@school/contract';
import type { Db, Executor } from '../../db/database.ts';
import { dialectOf, lockUntilCommit } from '../../db/dialect.ts';
import { formClasses, houses } from '../../db/reference-data.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { hashPassword } from '../auth/index.ts';
import { storeMadeDocument } from '../files/index.ts';
import { addDemoFamilies, demoGuardianPassword, planDemoFamilies, type DemoGuardian } from './demo-families.ts';
import { demoDocuments } from './demo-documents.ts';
import { addLastYear } from './last-year.ts';
import { BASE, DAY, demoStudent, insertInBatches, isoDate, random } from './demo-records.ts';
import { comments, subjects } from './names.ts';

export type DemoSummary = {
  students: number;
  sampleStudent: { id: string; first_name: string; last_name: string; date_of_birth: string };
  /** A demo guardian to sign in as at /parents (the mother of two daughters), or null in a school too small for one. */
  sampleGuardian: DemoGuardian | null;
};

export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  return (await db.selectFrom('students').select('id').limit(1).executeTakeFirst()) === undefined;
}

const notEmpty = () => new Error('The demo school is only created in an empty database.');

/** The demo school's term calendar (decision 022): last year's terms and this year's, with this term's closed days. */
const demoTerms = [
  { year: 2025, term: '1', start_date: '2025-09-08', end_date: '2025-12-12' },
  { year: 2025, term: '2', start_date: '2026-01-06', end_date: '2026-03-27' },
  { year: 2025, term: '3', start_date: '2026-04-13', end_date: '2026-07-03' },
  { year: 2026, term: '1', start_date: '2026-09-07', end_date: '2026-12-11' },
  { year: 2026, term: '2', start_date: '2027-01-05', end_date: '2027-03-26' },
  { year: 2026, term: '3', start_date: '2027-04-12', end_date: '2027-07-02' },
];
const demoClosedDays = [
  { date: '2026-09-24', reason: 'Republic Day' },
  { date: '2026-10-15', reason: 'Mid-term break' },
  { date: '2026-10-16', reason: 'Mid-term break' },
];

const termDates: Record<string, string> = { '1': '12-18 10:00:00', '2': '04-02 10:00:00', '3': '07-10 10:00:00' };

/**
 * Creates the demo school in an empty database: Forms 1–5 in the 25 classes, students with
 * records in every state from empty to complete, last year's posted term reports and results,
 * and this term's attendance; a year after its first rollover, with last year's registrations kept and a few
 * students who have left (`addLastYear`); and the families of most students (`planDemoFamilies`), whose
 * guardians share one password, new at each demo school. Deterministic for a seed (but for that password
 * and the public IDs); refuses a database that has students. `now` dates the guardians' accounts and invitations.
 */
export async function generateDemoSchool(db: Db, options: { students: number; seed?: number; files: FileStore; now?: Date }): Promise<DemoSummary> {
  if (!(await isDatabaseEmpty(db))) throw notEmpty();
  const r = random(options.seed ?? 20260915);
  const students: Array<Record<string, FieldValue>> = [];
  const accounts: Array<Record<string, unknown>> = [];
  const progress: Array<Record<string, unknown>> = [];
  const sequenceByYear = new Map<number, number>();
  let sample: DemoSummary['sampleStudent'] | undefined;
  const withDocuments: Array<{ id: string; receivedAt: string }> = [];

  for (let index = 0; index < options.students; index += 1) {
    const formLevel = 1 + (index % 5);
    const classId = formClasses.filter((formClass) => formClass.form_level === formLevel)[Math.floor(index / 5) % 5].id;
    const entryYear = 2026 - (formLevel - 1);
    const sequence = (sequenceByYear.get(entryYear) ?? 0) + 1;
    sequenceByYear.set(entryYear, sequence);
    const id = `${entryYear}${String(sequence).padStart(4, '0')}`;
    // Records in every state: 0 steps done (empty) up to all four plus the agreement.
    const stepsDone = index % 6;
    const { record, progress: row } = demoStudent(r, {
      id,
      classId,
      houseCode: houses[index % houses.length].id,
      bornIn: 2015 - formLevel,
      stepsDone,
      savedBefore: BASE,
    });
    const { first_name, last_name } = record as { first_name: string; last_name: string };
    const updatedAt = String(record.updated_at);
    students.push(record);
    accounts.push({ student_id: id, password_hash: null, password_reset: 1, password_changed_at: null });
    progress.push(row);
    const agreed = stepsDone === 5;
    if (agreed) withDocuments.push({ id, receivedAt: updatedAt });
    if (!sample && stepsDone === 0) sample = { id, first_name, last_name, date_of_birth: String(record.date_of_birth) };
  }

  const summaries: Array<Record<string, unknown>> = [];
  const results: Array<Record<string, unknown>> = [];
  const attendance: Array<Record<string, unknown>> = [];
  const schoolDays: string[] = [];
  for (let day = Date.parse('2026-09-07T00:00:00Z'); day <= Date.parse('2026-11-20T00:00:00Z'); day += DAY) {
    if (![0, 6].includes(new Date(day).getUTCDay()) && !demoClosedDays.some((closed) => closed.date === isoDate(day))) schoolDays.push(isoDate(day));
  }
  for (const student of students) {
    const id = String(student.id);
    const classId = String(student.class_id);
    const formLevel = Number(classId[0]);
    const terms: Array<[number, string, number, string]> = [[2026, '1', formLevel, classId]];
    if (formLevel > 1) for (const term of ['1', '2', '3']) terms.push([2025, term, formLevel - 1, `${formLevel - 1}${classId[1]}`]);
    const ability = r.int(45, 90);
    for (const [year, term, level, termClass] of terms) {
      const possible = term === '1' && year === 2026 ? schoolDays.length * 2 : 120;
      const present = possible - r.int(0, 10);
      summaries.push({
        student_id: id,
        year,
        term,
        form_level: level,
        class_id: termClass,
        days_present: present,
        days_possible: possible,
        lates: r.int(0, 6),
        conduct: r.pick(['Excellent', 'Very Good', 'Good']),
        teacher_comment: r.pick(comments),
        principal_comment: 'Keep working steadily.',
      });
      for (const subject of subjects.slice(0, 9)) {
        results.push({ student_id: id, year, term, subject, mark: Math.max(35, Math.min(99, ability + r.int(-15, 12))), comment: r.pick(comments) });
      }
    }
    for (const date of schoolDays) {
      const absent = r.chance(0.04);
      const late = !absent && r.chance(0.08);
      const inMinute = late ? r.int(1, 40) : r.int(-35, -5);
      const timeIn = absent ? null : `${String(8 + Math.floor(inMinute / 60)).padStart(2, '0')}:${String(((inMinute % 60) + 60) % 60).padStart(2, '0')}:00`;
      attendance.push({
        student_id: id,
        date_scanned: date,
        attendance_am: absent ? 0 : 1,
        attendance_pm: absent ? 0 : r.chance(0.97) ? 1 : 0,
        late: late ? 1 : 0,
        time_in: timeIn,
        time_out: absent ? null : `15:${String(r.int(0, 30)).padStart(2, '0')}:00`,
        time_scanned_in: timeIn,
        time_scanned_out: absent ? null : '15:05:00',
      });
    }
  }

  const families = planDemoFamilies(students);
  const guardianPassword = demoGuardianPassword();
  const guardianHash = await hashPassword(guardianPassword);
  const { leavers, sampleGuardian } = await db.transaction().execute(async (trx) => {
    // Looked at again alone: of two made at the same moment on one database, the second finds the first's.
    await lockUntilCommit(trx, dialectOf(trx), 'demo school');
    if (!(await isDatabaseEmpty(trx))) throw notEmpty();
    await insertInBatches(trx, 'students', students, 50);
    await insertInBatches(trx, 'student_accounts', accounts, 500);
    await insertInBatches(trx, 'form_progress', progress, 500);
    await insertInBatches(
      trx,
      'term_reports',
      [
        ...['1', '2', '3'].map((term) => ({ year: 2025, term, posted: 1, date_posted: `${term === '1' ? 2025 : 2026}-${termDates[term]}` })),
        { year: 2026, term: '1', posted: 0, date_posted: null },
      ],
      10,
    );
    await insertInBatches(trx, 'term_summaries', summaries, 500);
    await insertInBatches(trx, 'term_results', results, 1000);
    await insertInBatches(trx, 'attendance_records', attendance, 500);
    await insertInBatches(trx, 'terms', demoTerms, 10);
    await insertInBatches(trx, 'closed_days', demoClosedDays, 10);
    const { year } = await trx.selectFrom('school_year').select('year').where('id', '=', 1).executeTakeFirstOrThrow();
    const sampleGuardian = await addDemoFamilies(trx, families, { passwordHash: guardianHash, password: guardianPassword, now: options.now ?? new Date() });
    // Its own generator, so the school above stays the same for a seed.
    return { sampleGuardian, leavers: await addLastYear(trx, random((options.seed ?? 20260915) + 1), { year: Number(year), students }) };
  });
  // Each document with its bytes, as an upload stores it (decision 013).
  const documents = await demoDocuments();
  for (const student of [...withDocuments, ...leavers]) {
    for (const document of documents) await storeMadeDocument(options.files, { studentId: student.id, receivedAt: student.receivedAt, ...document });
  }
  return {
    students: students.length,
    sampleGuardian,
    sampleStudent: sample ?? {
      id: String(students[0].id),
      first_name: String(students[0].first_name),
      last_name: String(students[0].last_name),
      date_of_birth: String(students[0].date_of_birth),
    },
  };
}
