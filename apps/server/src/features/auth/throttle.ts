import type { Executor } from '../../db/database.ts';
import { TooManyRequests } from '../../lib/errors.ts';

/**
 * Sign-in throttling (DESIGN §4), counted from the audit log so every server process sees the same
 * numbers: an account still on its date-of-birth password allows 5 failures an hour, any other 10
 * per 15 minutes (failures before its last success do not count); one address allows 100 per 15
 * minutes, enough for a school behind one public address on registration day.
 */
export const limits = {
  firstPassword: { failures: 5, windowMs: 60 * 60 * 1000 },
  account: { failures: 10, windowMs: 15 * 60 * 1000 },
  address: { failures: 100, windowMs: 15 * 60 * 1000 },
};

export type ThrottleKey = { account: string; accountKind: 'student' | 'admin'; firstPassword: boolean; ip: string };

/** Student sign-ins are logged against the student; admin sign-ins against the username as actor. */
const accountColumn = (key: ThrottleKey) => (key.accountKind === 'student' ? 'student_id' : 'actor_id');

const FAILED = { student: 'student.sign-in-failed', admin: 'admin.sign-in-failed' } as const;
const SUCCEEDED = { student: 'student.sign-in', admin: 'admin.sign-in' } as const;

async function recentFailures(db: Executor, column: 'student_id' | 'actor_id' | 'ip', value: string, action: string, since: string) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at'])
    .where('action', '=', action)
    .where(column, '=', value)
    .where('at', '>', since)
    .orderBy('at', 'asc')
    .execute();
  return rows.map((row) => row.at);
}

function refuse(oldestCounted: string, windowMs: number): never {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(oldestCounted) + windowMs - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  throw new TooManyRequests(`Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter);
}

/** Throws 429 with a retry time when the account or the address has failed too often. */
export async function assertNotThrottled(db: Executor, key: ThrottleKey): Promise<void> {
  const now = Date.now();
  const byAddress = await recentFailures(db, 'ip', key.ip, FAILED[key.accountKind], new Date(now - limits.address.windowMs).toISOString());
  if (byAddress.length >= limits.address.failures) refuse(byAddress[byAddress.length - limits.address.failures], limits.address.windowMs);

  const limit = key.firstPassword ? limits.firstPassword : limits.account;
  const lastSuccess = await db
    .selectFrom('audit_log')
    .select(['at'])
    .where('action', '=', SUCCEEDED[key.accountKind])
    .where(accountColumn(key), '=', key.account)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const windowStart = new Date(now - limit.windowMs).toISOString();
  const since = lastSuccess && lastSuccess.at > windowStart ? lastSuccess.at : windowStart;
  const byAccount = await recentFailures(db, accountColumn(key), key.account, FAILED[key.accountKind], since);
  if (byAccount.length >= limit.failures) refuse(byAccount[byAccount.length - limit.failures], limit.windowMs);
}

export const signInActions = { FAILED, SUCCEEDED };
