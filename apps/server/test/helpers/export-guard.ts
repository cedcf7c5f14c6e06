import { messages } from '@school/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';

/** The bulk exports counted for the staff member on her latest day (decision 049), or undefined when none was ever counted. */
export const exportsOf = async (db: Db, username: string): Promise<number | undefined> =>
  (
    await db
      .selectFrom('export_allowance')
      .innerJoin('admin_users', 'admin_users.id', 'export_allowance.admin_id')
      .select('exports')
      .where('username', '=', username)
      .orderBy('day', 'desc')
      .executeTakeFirst()
  )?.exports;

/** Gives the staff account an authenticator-app secret, and its sessions a second factor given `minutesAgo` (or none). */
export async function withFactorGiven(db: Db, username: string, minutesAgo: number | null): Promise<void> {
  const account = await db
    .updateTable('admin_users')
    .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = minutesAgo === null ? null : new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await db.updateTable('sessions').set({ second_factor_at: at }).where('admin_id', '=', account.id).execute();
}

/** Of exports asked for at once, the day's allowance (`limit`) went through and each other one was refused 429, saying why and when to try again. */
export function expectAllowanceHeld(answers: readonly LightMyRequestResponse[], limit: number): void {
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
  expect(statuses.filter((status) => status === 429)).toHaveLength(answers.length - limit);
  const refused = answers.find((answer) => answer.statusCode === 429)!;
  expect(refused.json().message).toBe(messages.exportAllowanceUsed(limit));
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}
