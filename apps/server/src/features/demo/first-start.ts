import { displayName } from '@school/contract';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../auth/index.ts';
import { demoGuardianPassword, type DemoGuardian } from './demo-families.ts';
import type { DemoSummary } from './generate-demo-school.ts';

/** The row `npm run demo` leaves for the next start, in the table of the portal's own named values. */
const NOTE = 'demo-sign-in';

/** Whom the next start names: the demo student, and the demo guardian without any password. */
type KeptSignIn = { student: DemoSummary['sampleStudent']; guardian: Omit<DemoGuardian, 'password'> | null };

/** The start's words for the demo student: her ID, her name, and her date of birth as her first password. */
export const demoStudentNote = (student: DemoSummary['sampleStudent']): string =>
  `Try student ID ${student.id} (${displayName(student)}) with her date of birth ${student.date_of_birth.replaceAll('-', '')} as the first password.`;

/**
 * `npm run demo` made the school in a database the portal may already have started on: it leaves
 * whom to try for the next start to print beside the admin's sign-in. No password is kept: the
 * start gives the demo guardians a new one (`takeDemoSignIn`), which it alone prints.
 */
export async function keepDemoSignIn(db: Db, summary: DemoSummary): Promise<void> {
  const guardian = summary.sampleGuardian && {
    email: summary.sampleGuardian.email,
    name: summary.sampleGuardian.name,
    daughters: summary.sampleGuardian.daughters,
  };
  const kept: KeptSignIn = { student: summary.sampleStudent, guardian };
  await db.deleteFrom('server_secrets').where('name', '=', NOTE).execute();
  await db
    .insertInto('server_secrets')
    .values({ name: NOTE, value: JSON.stringify(kept) })
    .execute();
}

/**
 * At a start: the demo's sign-in left by `npm run demo`, taken once (the row is removed in the
 * same transaction, so that of several servers starting on one database one prints it), with a new
 * password for every demo guardian (they share the sample guardian's); null when there is none.
 */
export async function takeDemoSignIn(db: Db): Promise<{ student: DemoSummary['sampleStudent']; guardian: DemoGuardian | null } | null> {
  // Most starts find none, and hash nothing.
  if (!(await db.selectFrom('server_secrets').select('name').where('name', '=', NOTE).executeTakeFirst())) return null;
  const password = demoGuardianPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('server_secrets').where('name', '=', NOTE).returning('value').executeTakeFirst();
    if (!row) return null;
    const { student, guardian } = JSON.parse(row.value) as KeptSignIn;
    if (!guardian) return { student, guardian: null };
    const shared = await trx.selectFrom('guardians').select('password_hash').where('email', '=', guardian.email).executeTakeFirst();
    if (!shared) return { student, guardian: null };
    await trx
      .updateTable('guardians')
      .set({ password_hash: passwordHash, password_changed_at: new Date().toISOString() })
      .where('password_hash', '=', shared.password_hash)
      .execute();
    return { student, guardian: { ...guardian, password } };
  });
}
