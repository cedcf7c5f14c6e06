import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { TooManyRequests } from '../../lib/errors.ts';

/**
 * Sign-in limits (DESIGN §4, decision 015). Each attempt is reserved in every bucket it counts in,
 * in one write transaction, before its password is checked: the attempt that would pass a limit is
 * refused without a check, however many arrive at once and in however many server processes.
 */
export const limits = {
  /** An account still on its date of birth (and an unknown ID, which must read alike): per account. */
  firstPassword: { attempts: 5, windowMs: 60 * 60 * 1000 },
  /** An account with a chosen password, signed in to from a browser it does not know. */
  account: { attempts: 10, windowMs: 15 * 60 * 1000 },
  /** An account with a chosen password, from a browser that signed in to it before (its device cookie). */
  device: { attempts: 10, windowMs: 15 * 60 * 1000 },
  /**
   * Failed sign-ins from one address: a school's 300 students behind one public address, each
   * mistyping once, all get in (successes give their attempt back).
   */
  address: { attempts: 400, windowMs: 15 * 60 * 1000 },
};

export type Limit = { attempts: number; windowMs: number };
/** A limit and what it is counted on. */
export type Bucket = { key: string; limit: Limit };

/** The buckets of a sign-in. */
export const buckets = {
  firstPassword: (studentId: string): Bucket => ({ key: `first-password:${studentId}`, limit: limits.firstPassword }),
  account: (account: string): Bucket => ({ key: `account:${account}`, limit: limits.account }),
  device: (device: string): Bucket => ({ key: `device:${device}`, limit: limits.device }),
  address: (ip: string): Bucket => ({ key: `address:${ip}`, limit: limits.address }),
  /** The current password asked by a password change, from a signed-in session. */
  currentPassword: (account: string): Bucket => ({ key: `current-password:${account}`, limit: limits.account }),
};

/** Rows older than every window are of no more use. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(limits).map((limit) => limit.windowMs));

/** A reserved attempt: give it back when it was not checked or succeeded, or let it count. */
export type Reservation = { ids: number[] };

function refusal(retryAfter: number): TooManyRequests {
  const minutes = Math.ceil(retryAfter / 60);
  return new TooManyRequests(`Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter);
}

/**
 * Reserves one attempt in each bucket, or throws 429 with the retry time when any bucket is full
 * (then none is reserved). On PostgreSQL each bucket is locked for the transaction (a transaction
 * advisory lock, in a fixed order); on SQLite the write transaction itself runs alone.
 */
export async function reserveAttempt(deps: Pick<Deps, 'dialect' | 'writeTransaction'>, wanted: Bucket[]): Promise<Reservation> {
  const sorted = [...wanted].sort((a, b) => a.key.localeCompare(b.key));
  const outcome = await deps.writeTransaction(async (trx) => {
    const now = Date.now();
    const at = new Date(now).toISOString();
    let retryAfter = 0;
    for (const bucket of sorted) {
      if (deps.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${bucket.key}, 0))`.execute(trx);
      const since = new Date(now - bucket.limit.windowMs).toISOString();
      const counted = await trx
        .selectFrom('sign_in_attempts')
        .select('at')
        .where('bucket', '=', bucket.key)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(bucket.limit.attempts)
        .execute();
      if (counted.length >= bucket.limit.attempts) {
        // The oldest counted attempt leaves the window first.
        const oldest = Date.parse(counted[counted.length - 1].at);
        retryAfter = Math.max(retryAfter, Math.ceil((oldest + bucket.limit.windowMs - now) / 1000), 1);
      }
    }
    if (retryAfter > 0) return { retryAfter, ids: [] };
    const ids: number[] = [];
    for (const bucket of sorted) {
      const row = await trx.insertInto('sign_in_attempts').values({ bucket: bucket.key, at }).returning('id').executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return { retryAfter: 0, ids };
  });
  if (outcome.retryAfter > 0) throw refusal(outcome.retryAfter);
  return { ids: outcome.ids };
}

/** Gives back a reserved attempt (not checked after all, or a success): it no longer counts anywhere. */
export async function releaseAttempt(db: Executor, reservation: Reservation): Promise<void> {
  if (reservation.ids.length > 0) await db.deleteFrom('sign_in_attempts').where('id', 'in', reservation.ids).execute();
}

/** Forgets every attempt counted in these buckets: after a success, or an admin's reset of the account. */
export async function clearBuckets(db: Executor, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('sign_in_attempts').where('bucket', 'in', keys).execute();
}

/** Removes attempts older than every window (run now and then, so the table stays small). */
export async function purgeOldAttempts(db: Executor): Promise<void> {
  await db
    .deleteFrom('sign_in_attempts')
    .where('at', '<', new Date(Date.now() - LONGEST_WINDOW_MS).toISOString())
    .execute();
}

export const signInActions = {
  FAILED: { student: 'student.sign-in-failed', admin: 'admin.sign-in-failed' },
  SUCCEEDED: { student: 'student.sign-in', admin: 'admin.sign-in' },
} as const;
