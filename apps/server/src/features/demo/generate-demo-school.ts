import { progressFlags, reviewedStepKeys, stepKeys, studentColumns, studentFields, type CompletenessStepKey, type FieldValue } from '@school/contract';
import type { Db, Executor } from '../../db/database.ts';
import { reviewedColumnOf, type ProgressRow } from '../../db/record-writes.ts';
import { ethnicGroups, formClasses, houses, primarySchools, religions, towns } from '../../db/reference-data.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { storeMadeDocument } from '../files/index.ts';
import { agreedTermsText, progressOf } from '../registration/index.ts';
import { demoDocuments } from './demo-documents.ts';
import { comments, employers, fathersNames, firstNames, lastNames, mothersNames, occupations, subjects } from './names.ts';

export type DemoSummary = { students: number; sampleStudent: { id: string; first_name: string; last_name: string; date_of_birth: string } };

/** A small seeded generator (mulberry32): the same seed gives the same school. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const BASE = Date.parse('2026-09-15T12:00:00Z');
const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const phone = (r: Random) => `${r.pick(['6', '7', '3', '2'])}${String(r.int(0, 999999)).padStart(6, '0')}`;
const email = (first: string, last: string, r: Random) => `${first}.${last}${r.int(1, 99)}@example.tt`.toLowerCase().replace(/[^a-z0-9.@]/g, '');

export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  return (await db.selectFrom('students').select('id').limit(1).executeTakeFirst()) === undefined;
}

function parentFields(who: 'mother' | 'father' | 'guardian', name: string, lastName: string, r: Random): Record<string, FieldValue> {
  const isGuardian = who === 'guardian';
  return {
    [`${who}_name`]: `${name} ${lastName}`,
    [`${who}_marital_status`]: r.pick(['Married', 'Single', 'Divorced', 'Widowed']),
    [isGuardian ? 'home_address_guardian' : `${who}_home_address`]:
      `${r.int(1, 120)} ${r.pick(['Main Road', 'Eastern Main Road', 'Southern Main Road', 'Church Street', 'Lady Young Road'])}`,
    [`${who}_occupation`]: r.pick(occupations),
    [`${who}_business_place`]: r.pick(employers),
    [`${who}_business_address`]: `${r.pick(towns).town_name}`,
    [isGuardian ? 'home_phone_guardian' : `${who}_home_phone`]: phone(r),
    [isGuardian ? 'business_phone_guardian' : `${who}_business_phone`]: phone(r),
    [`mobile_phone_${who}`]: phone(r),
    [`email_${who}`]: email(name, lastName, r),
    [`id_card_${who}`]: `${r.int(19600101, 19951231)}${r.int(100, 999)}`,
  };
}

/** The record's values for one step, all valid under the contract. */
function stepValues(step: string, student: { first_name: string; last_name: string }, r: Random): Record<string, FieldValue> {
  switch (step) {
    case 'studentData': {
      const town = r.pick(towns);
      return {
        middle_name: r.chance(0.4) ? r.pick(firstNames) : null,
        home_address: `${r.int(1, 200)} ${r.pick(['Main Road', 'Pasea Road', 'Cipero Street', 'Coffee Street', 'Rust Street'])}`,
        address_line_2: town.town_name,
        regional_corporation: town.regional_corporation,
        phone_home: phone(r),
        email: email(student.first_name, student.last_name, r),
        blood_type: r.pick(['O-positive', 'O-positive', 'A-positive', 'B-positive', 'AB-positive', 'O-negative']),
        previous_school: r.pick(primarySchools).name.slice(0, 50),
        sea_no: String(r.int(10000000, 99999999)),
        religion_code: r.pick(religions).code,
        ethnic_group_code: r.pick(ethnicGroups).id,
        birth_certificate_no: `${r.int(100000000, 999999999)}`,
        place_of_birth: r.chance(0.93) ? 'Trinidad and Tobago' : r.pick(['Venezuela', 'Guyana', 'Grenada', 'St. Vincent']),
        nationality: 'Trinidadian',
        immigration_permit: 0,
      };
    }
    case 'familyData': {
      const living = r.pick(['Both Parents', 'Both Parents', 'Mother Only', 'Father Only', 'Guardian', 'Other'] as const);
      const values: Record<string, FieldValue> = {
        living_status: living,
        no_in_family: String(r.int(1, 6)),
        no_at_home: String(r.int(1, 5)),
        place_in_family: String(r.int(1, 4)),
        emergency_contact: `${r.pick(mothersNames)} ${r.pick(lastNames)}`,
        emergency_home_phone: phone(r),
        relative_in_school: r.chance(0.2) ? 'Sister in Form 4' : null,
        relation_to_child: r.pick(['Aunt', 'Grandmother', 'Uncle', 'Neighbour']),
      };
      if (living === 'Both Parents' || living === 'Mother Only') Object.assign(values, parentFields('mother', r.pick(mothersNames), student.last_name, r));
      if (living === 'Both Parents' || living === 'Father Only') Object.assign(values, parentFields('father', r.pick(fathersNames), student.last_name, r));
      if (living === 'Guardian') Object.assign(values, parentFields('guardian', r.pick(mothersNames), r.pick(lastNames), r));
      return values;
    }
    case 'healthData': {
      const values: Record<string, FieldValue> = {};
      for (const field of studentFields.filter((f) => f.step === 'healthData' && f.kind === 'flag')) {
        values[field.name] = field.section === 'Immunization' ? (r.chance(0.85) ? 1 : 0) : r.chance(0.06) ? 1 : 0;
      }
      values.allergy = r.chance(0.2) ? r.pick(['Peanuts', 'Shellfish', 'Penicillin', 'Dust']) : null;
      values.medical_history = r.chance(0.15) ? 'Childhood asthma, well controlled.' : null;
      return values;
    }
    default:
      return {
        device_type: r.pick(['Phone', 'Laptop', 'Tablet', 'Desktop', 'None']),
        internet_access: r.chance(0.85) ? 1 : 0,
        school_feeding: r.chance(0.3) ? 1 : 0,
        social_welfare: r.chance(0.1) ? 1 : 0,
        transport: r.chance(0.2) ? 1 : 0,
        achivements: r.chance(0.4) ? r.pick(['Pan side', 'Netball team', 'Spelling bee finalist', 'Girl Guides', 'Steelpan and choir']) : null,
      };
  }
}

async function insertInBatches(db: Executor, table: string, rows: Array<Record<string, unknown>>, perBatch: number): Promise<void> {
  const anyDb = db as unknown as Db & { insertInto(table: string): { values(rows: unknown[]): { execute(): Promise<unknown> } } };
  for (let start = 0; start < rows.length; start += perBatch) {
    await anyDb
      .insertInto(table)
      .values(rows.slice(start, start + perBatch))
      .execute();
  }
}

const fieldKinds = new Map(studentFields.map((field) => [field.name, field.kind]));

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
 * and this term's attendance. Deterministic for a seed; refuses a database that has students.
 */
export async function generateDemoSchool(db: Db, options: { students: number; seed?: number; files: FileStore }): Promise<DemoSummary> {
  if (!(await isDatabaseEmpty(db))) throw new Error('The demo school is only created in an empty database.');
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
    const first_name = r.pick(firstNames);
    const last_name = r.pick(lastNames);
    const born = Date.parse(`${2015 - formLevel}-09-01T00:00:00Z`) + r.int(0, 364) * DAY;
    const updatedAt = new Date(BASE - r.int(0, 40 * 24 * 60) * 60_000).toISOString();
    const record: Record<string, FieldValue> = {
      id,
      first_name,
      last_name,
      sex: 'F',
      date_of_birth: isoDate(born),
      class_id: classId,
      house_code: houses[index % houses.length].id,
      created_at: new Date(BASE - 60 * DAY).toISOString(),
      updated_at: updatedAt,
    };
    // Records in every state: 0 steps done (empty) up to all four plus the agreement.
    const stepsDone = index % 6;
    stepKeys.slice(0, Math.min(stepsDone, 4)).forEach((step) => Object.assign(record, stepValues(step, { first_name, last_name }, r)));
    record.agree_terms_conditions = stepsDone === 5 ? 1 : 0;
    if (stepsDone === 5) record.terms_and_conditions = agreedTermsText();
    // Every row carries every column, so one multi-row insert suits both databases.
    for (const column of studentColumns) record[column] ??= fieldKinds.get(column) === 'flag' || column === 'agree_terms_conditions' ? 0 : null;
    students.push(record);
    accounts.push({ student_id: id, password_hash: null, password_reset: 1, password_changed_at: null });
    // The progress row as the portal itself would have it (decision 026): each step she filled in
    // reviewed by her saves, the documents uploaded (and so reviewed) by those who agreed, and each
    // flag by the one definition of a done step.
    const agreed = stepsDone === 5;
    const reviewed = new Set<CompletenessStepKey>([...stepKeys.slice(0, Math.min(stepsDone, 4)), ...(agreed ? (['documents'] as const) : [])]);
    const stored = {
      ...progressFlags(),
      ...Object.fromEntries(reviewedStepKeys.map((key) => [reviewedColumnOf(key), reviewed.has(key) ? 1 : 0])),
      documents: agreed ? 1 : 0,
      completed_on: 0,
    } as ProgressRow;
    const flags = progressOf(record, stored);
    progress.push({ ...stored, ...flags, student_id: id, completed_on: flags.submit ? Number(updatedAt.slice(0, 10).replaceAll('-', '')) : 0 });
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

  await db.transaction().execute(async (trx) => {
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
  });
  // Each document with its bytes, as an upload stores it (decision 013).
  const documents = await demoDocuments();
  for (const student of withDocuments) {
    for (const document of documents) await storeMadeDocument(options.files, { studentId: student.id, receivedAt: student.receivedAt, ...document });
  }
  return {
    students: students.length,
    sampleStudent: sample ?? {
      id: String(students[0].id),
      first_name: String(students[0].first_name),
      last_name: String(students[0].last_name),
      date_of_birth: String(students[0].date_of_birth),
    },
  };
}
