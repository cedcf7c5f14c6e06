import type { Db } from '../../../src/db/database.ts';
import { newPublicId } from '../../../src/features/guardians/index.ts';
import { createStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, insertGuardian, type TestGuardian } from '../../helpers/guardians.ts';
import { giveTerm, setPosted } from '../term-reports/term-reports-helpers.ts';

/** The posted term and the one not yet posted that a girl from `girlWithReports` has. */
export const POSTED = { year: 2025, term: '1' } as const;
export const UNPOSTED = { year: 2025, term: '2' } as const;

/**
 * A girl with names no answer would hold by chance, a posted term report and one not posted, and a
 * day of attendance: what a guardian's calls could show of her.
 */
export async function girlWithReports(db: Db, fields: Record<string, string> = {}): Promise<TestStudent> {
  const girl = await createStudent(
    db,
    { first_name: 'Zephyrine', last_name: `Quillfeather${Math.floor(Math.random() * 1e6)}`, date_of_birth: '2012-07-23', class_id: '4Q', ...fields },
    { password: STUDENT_PASSWORD },
  );
  await giveTerm(db, girl.id, { ...POSTED, classId: girl.class_id });
  await giveTerm(db, girl.id, { ...UNPOSTED, classId: girl.class_id });
  await setPosted(db, POSTED.year, POSTED.term, true);
  await setPosted(db, UNPOSTED.year, UNPOSTED.term, false);
  await db
    .insertInto('attendance_records')
    .values({
      student_id: girl.id,
      date_scanned: '2025-10-06',
      attendance_am: 1,
      attendance_pm: 1,
      late: 0,
      time_in: '07:40:00',
      time_out: '15:10:00',
      time_scanned_in: '07:40:00',
      time_scanned_out: '15:10:00',
    })
    .execute();
  return girl;
}

/**
 * `count` guardians sharing one password hash (that of `createGuardian`): for the tests that need
 * many accounts at once, without hashing a password for each.
 */
export async function manyGuardians(db: Db, count: number): Promise<TestGuardian[]> {
  const first = await createGuardian(db);
  const { password_hash } = await db.selectFrom('guardians').select('password_hash').where('id', '=', first.id).executeTakeFirstOrThrow();
  const more: TestGuardian[] = [];
  for (let n = 1; n < count; n += 1) {
    const guardian = { publicId: newPublicId(), email: `${first.email}.${n}`, name: `${first.name}.${n}`, password: first.password };
    more.push(await insertGuardian(db, guardian, password_hash));
  }
  return [first, ...more];
}

/** The answers of a girl's family calls, in the order the family's view makes them. */
export const familyCalls = (studentId: string) => [
  `/api/report-card-terms/${studentId}`,
  `/api/report-card/${studentId}/${POSTED.year}/${POSTED.term}`,
  `/api/student-attendance/${studentId}`,
  `/api/student-attendance-report/${studentId}/2025-09-01/2025-12-15`,
];
