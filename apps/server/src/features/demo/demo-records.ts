import { progressFlags, reviewedStepKeys, stepKeys, studentColumns, studentFields, type CompletenessStepKey, type FieldValue } from '@school/contract';
import type { Db, Executor } from '../../db/database.ts';
import { reviewedColumnOf, type ProgressRow } from '../registration/index.ts';
import { ethnicGroups, primarySchools, religions, towns } from '../../db/reference-data.ts';
import { agreedTermsText, progressOf } from '../registration/index.ts';
import { employers, fathersNames, firstNames, lastNames, mothersNames, occupations } from './names.ts';

/** A small seeded generator (mulberry32): the same seed gives the same school. */
export function random(seed: number) {
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
export type Random = ReturnType<typeof random>;

/** The day the demo school stands at: its records were last saved in the weeks before. */
export const BASE = Date.parse('2026-09-15T12:00:00Z');
export const DAY = 86_400_000;
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const phone = (r: Random) => `${r.pick(['6', '7', '3', '2'])}${String(r.int(0, 999999)).padStart(6, '0')}`;
export const email = (first: string, last: string, r: Random) => `${first}.${last}${r.int(1, 99)}@example.tt`.toLowerCase().replace(/[^a-z0-9.@]/g, '');

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
export function stepValues(step: string, student: { first_name: string; last_name: string }, r: Random): Record<string, FieldValue> {
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

/** Inserts rows `perBatch` at a time: every row carries every column, so one multi-row insert suits both databases. */
export async function insertInBatches(db: Executor, table: string, rows: Array<Record<string, unknown>>, perBatch: number): Promise<void> {
  const anyDb = db as unknown as Db & { insertInto(table: string): { values(rows: unknown[]): { execute(): Promise<unknown> } } };
  for (let start = 0; start < rows.length; start += perBatch) {
    await anyDb
      .insertInto(table)
      .values(rows.slice(start, start + perBatch))
      .execute();
  }
}

export const fieldKinds = new Map(studentFields.map((field) => [field.name, field.kind]));

/**
 * One demo student's record and progress row: her name, birthday (in `bornIn`) and last save
 * (within 40 days before `savedBefore`) drawn from `r`, with `stepsDone` steps filled in (5: all
 * four and the agreement). The progress row is as the portal itself would have it (decision 026):
 * each step she filled in reviewed by her saves, the documents uploaded (and so reviewed) by those
 * who agreed, and each flag by the one definition of a done step.
 */
export function demoStudent(
  r: Random,
  student: { id: string; classId: string; houseCode: string; bornIn: number; stepsDone: number; savedBefore: number },
): { record: Record<string, FieldValue>; progress: Record<string, unknown> } {
  const first_name = r.pick(firstNames);
  const last_name = r.pick(lastNames);
  const born = Date.parse(`${student.bornIn}-09-01T00:00:00Z`) + r.int(0, 364) * DAY;
  const updatedAt = new Date(student.savedBefore - r.int(0, 40 * 24 * 60) * 60_000).toISOString();
  const record: Record<string, FieldValue> = {
    id: student.id,
    first_name,
    last_name,
    sex: 'F',
    date_of_birth: isoDate(born),
    class_id: student.classId,
    house_code: student.houseCode,
    created_at: new Date(student.savedBefore - 60 * DAY).toISOString(),
    updated_at: updatedAt,
  };
  const agreed = student.stepsDone === 5;
  stepKeys.slice(0, Math.min(student.stepsDone, 4)).forEach((step) => Object.assign(record, stepValues(step, { first_name, last_name }, r)));
  record.agree_terms_conditions = agreed ? 1 : 0;
  if (agreed) record.terms_and_conditions = agreedTermsText();
  for (const column of studentColumns) record[column] ??= fieldKinds.get(column) === 'flag' || column === 'agree_terms_conditions' ? 0 : null;
  const reviewed = new Set<CompletenessStepKey>([...stepKeys.slice(0, Math.min(student.stepsDone, 4)), ...(agreed ? (['documents'] as const) : [])]);
  const stored = {
    ...progressFlags(),
    ...Object.fromEntries(reviewedStepKeys.map((key) => [reviewedColumnOf(key), reviewed.has(key) ? 1 : 0])),
    documents: agreed ? 1 : 0,
    completed_on: 0,
  } as ProgressRow;
  const flags = progressOf(record, stored);
  const progress = { ...stored, ...flags, student_id: student.id, completed_on: flags.submit ? Number(updatedAt.slice(0, 10).replaceAll('-', '')) : 0 };
  return { record, progress };
}
