import { letterCodeTriesPerHour, messages } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import { lockUntilCommit } from '../../db/dialect.ts';
import type { Deps } from '../../lib/deps.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { attemptRepository } from './attempt-repository.ts';

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
  /**
   * Failed date-of-birth guesses from one address across accounts that it has not since signed in
   * to (decision 015): a class mistypes and then gets in, which forgives its failures; a sprayer
   * fails on account after account and never does. Past `slowAfter` in the window one guess per
   * `spacingMs`, at `attempts` none. An unknown ID counts alike (it must read like a real one).
   */
  dateOfBirthSpray: { attempts: 100, windowMs: 24 * 60 * 60 * 1000, slowAfter: 60, spacingMs: 5 * 60 * 1000 },
  /** A letter's code and a girl's date of birth typed by a guardian to add a daughter (decision 062): per account and per address. */
  letterCode: { attempts: letterCodeTriesPerHour, windowMs: 60 * 60 * 1000 },
};

export type Limit = { attempts: number; windowMs: number; slowAfter?: number; spacingMs?: number };

/**
 * The school's failed date-of-birth sign-ins are counted over an hour (decision 058); how many it
 * allows grows with the school (`schoolFirstSignInAttempts`).
 */
export const SCHOOL_FIRST_SIGN_IN_WINDOW_MS = 60 * 60 * 1000;

/** The school's budget of failed first sign-ins an hour: one per `studentsPerFailure` students, at least `minimum`. */
export const schoolFirstSignInAttempts = (budget: { minimum: number; studentsPerFailure: number }, students: number): number =>
  Math.max(budget.minimum, Math.ceil(students / budget.studentsPerFailure));

/**
 * How many times its /64's limit a wider IPv6 block allows (decision 058), in the database's buckets
 * and the per-process rate alike: a /56 is one home or office with a few networks, a /48 a site
 * with many; rotating through their /64s gains no more.
 */
export const WIDER_BLOCK_TIMES: Record<number, number> = { 56: 2, 48: 4 };

const widened = (limit: Limit, bits: number): Limit => {
  const times = WIDER_BLOCK_TIMES[bits] ?? 1;
  return { ...limit, attempts: limit.attempts * times, ...(limit.slowAfter === undefined ? {} : { slowAfter: limit.slowAfter * times }) };
};
/**
 * A limit and what it is counted on: one key, or every key that starts with `family` (a family's
 * attempts are counted together, and each key of it can be forgiven alone).
 */
export type Bucket = { key: string; limit: Limit; family?: string };

/** The keys of the school's first sign-in budget all start with this. */
export const SCHOOL_FIRST_SIGN_IN_FAMILY = 'dob-school|';

/** The buckets of a sign-in. */
export const buckets = {
  firstPassword: (studentId: string): Bucket => ({ key: `first-password:${studentId}`, limit: limits.firstPassword }),
  account: (account: string): Bucket => ({ key: `account:${account}`, limit: limits.account }),
  device: (device: string): Bucket => ({ key: `device:${device}`, limit: limits.device }),
  address: (ip: string): Bucket => ({ key: `address:${ip}`, limit: limits.address }),
  /** A date-of-birth guess at an account from an address, counted in the address's spray budget. */
  dateOfBirthSpray: (address: string, studentId: string): Bucket => ({
    key: `dob-spray:${address}|${studentId}`,
    family: `dob-spray:${address}|`,
    limit: limits.dateOfBirthSpray,
  }),
  /** Failed sign-ins from a wider IPv6 block (`addressKey` of its prefix length), with the block's own limit. */
  addressBlock: (block: { bits: number; key: string }): Bucket => ({ key: `address:${block.key}`, limit: widened(limits.address, block.bits) }),
  /** A date-of-birth guess at an account counted in a wider IPv6 block's spray budget. */
  dateOfBirthSprayBlock: (block: { bits: number; key: string }, studentId: string): Bucket => ({
    key: `dob-spray:${block.key}|${studentId}`,
    family: `dob-spray:${block.key}|`,
    limit: widened(limits.dateOfBirthSpray, block.bits),
  }),
  /**
   * A date-of-birth guess at an account counted in the school's budget (decision 058): one key per
   * account, counted together, so a student who mistyped and then got in is forgiven.
   */
  schoolFirstSignIn: (studentId: string, attempts: number): Bucket => ({
    key: `${SCHOOL_FIRST_SIGN_IN_FAMILY}${studentId}`,
    family: SCHOOL_FIRST_SIGN_IN_FAMILY,
    limit: { attempts, windowMs: SCHOOL_FIRST_SIGN_IN_WINDOW_MS },
  }),
  /** The current password asked by a password change, from a signed-in session. */
  currentPassword: (account: string): Bucket => ({ key: `current-password:${account}`, limit: limits.account }),
  /** A guardian's letter code tried for a daughter, counted per guardian (her public ID)… */
  letterCodeAccount: (guardian: string): Bucket => ({ key: `letter-code:${guardian}`, limit: limits.letterCode }),
  /** …and per address the tries come from. */
  letterCodeAddress: (address: string): Bucket => ({ key: `letter-code-address:${address}`, limit: limits.letterCode }),
};

/** The spray budget's keys, kept a day; every other bucket's rows are of no more use after the longest of their windows. */
const SPRAY_KEYS = 'dob-spray:';
const OTHER_WINDOWS_MS = Math.max(
  SCHOOL_FIRST_SIGN_IN_WINDOW_MS,
  ...Object.entries(limits).flatMap(([name, limit]) => (name === 'dateOfBirthSpray' ? [] : [limit.windowMs])),
);

/**
 * A wait of `ms` in whole seconds, at least one and never longer than `period` (the window or the
 * spacing): an attempt stamped by a request that took the bucket's lock after this one read the
 * clock is a moment "in the future" here, and no one waits longer than the window itself.
 */
const secondsWithin = (ms: number, period: number): number => Math.min(Math.max(Math.ceil(ms / 1000), 1), Math.ceil(period / 1000));

/** How long an attempt in the bucket must wait, in seconds (0 when it may go): full, or slowed after `slowAfter`. */
function waitOf(bucket: Bucket, counted: Array<{ at: string }>, now: number): number {
  const { attempts, windowMs, slowAfter, spacingMs } = bucket.limit;
  if (counted.length >= attempts) {
    // The oldest counted attempt leaves the window first.
    const oldest = Date.parse(counted[counted.length - 1].at);
    return secondsWithin(oldest + windowMs - now, windowMs);
  }
  if (slowAfter !== undefined && spacingMs !== undefined && counted.length >= slowAfter) {
    const newest = Date.parse(counted[0].at);
    if (now - newest < spacingMs) return secondsWithin(newest + spacingMs - now, spacingMs);
  }
  return 0;
}

/** A reserved attempt: give it back when it was not checked or succeeded, or let it count. */
export type Reservation = { ids: number[] };

/** What a refused attempt is told, with the minutes it must wait: a sign-in's words unless the check is another. */
export type RefusalWords = (minutes: number) => string;

function refusal(retryAfter: number, words: RefusalWords): TooManyRequests {
  const minutes = Math.ceil(retryAfter / 60);
  return new TooManyRequests(words(minutes), retryAfter);
}

/**
 * Reserves one attempt in each bucket, or throws 429 with the retry time when any bucket is full
 * (then none is reserved). On PostgreSQL each bucket is locked for the transaction (a transaction
 * advisory lock, in a fixed order); on SQLite the write transaction itself runs alone.
 */
export async function reserveAttempt(
  deps: Pick<Deps, 'dialect' | 'writeTransaction'>,
  wanted: Bucket[],
  onRefused?: (full: Bucket[]) => Promise<void>,
  words: RefusalWords = messages.signInThrottled,
): Promise<Reservation> {
  const lockKey = (bucket: Bucket) => bucket.family ?? bucket.key;
  const sorted = [...wanted].sort((a, b) => lockKey(a).localeCompare(lockKey(b)));
  const outcome = await deps.writeTransaction(async (trx) => {
    const now = Date.now();
    const at = new Date(now).toISOString();
    let retryAfter = 0;
    const full: Bucket[] = [];
    for (const bucket of sorted) {
      await lockUntilCommit(trx, deps.dialect, lockKey(bucket));
      const since = new Date(now - bucket.limit.windowMs).toISOString();
      const counted = await attemptRepository.counted(trx, bucket, since, bucket.limit.attempts);
      const wait = waitOf(bucket, counted, now);
      if (wait > 0) full.push(bucket);
      retryAfter = Math.max(retryAfter, wait);
    }
    if (retryAfter > 0) return { retryAfter, ids: [], full };
    const ids: number[] = [];
    for (const bucket of sorted) ids.push(await attemptRepository.add(trx, bucket.key, at));
    return { retryAfter: 0, ids, full };
  });
  if (outcome.retryAfter > 0) {
    if (onRefused) await onRefused(outcome.full);
    throw refusal(outcome.retryAfter, words);
  }
  return { ids: outcome.ids };
}

/** Gives back a reserved attempt (not checked after all, or a success): it no longer counts anywhere. */
export async function releaseAttempt(db: Executor, reservation: Reservation): Promise<void> {
  await attemptRepository.removeByIds(db, reservation.ids);
}

/**
 * Runs a guessable check under the buckets' limits: its attempt is reserved first (429 with the
 * wait, in `words`, when a bucket is full, and nothing is checked), given back when `check`
 * answers, and left counted when it throws (a wrong guess). Any number of checks at once pass no
 * limit between them.
 */
export async function limitedCheck<T>(
  deps: Pick<Deps, 'db' | 'dialect' | 'writeTransaction'>,
  wanted: Bucket[],
  words: RefusalWords,
  check: () => Promise<T>,
): Promise<T> {
  const reservation = await reserveAttempt(deps, wanted, undefined, words);
  const answer = await check();
  await deps.writeTransaction((trx) => releaseAttempt(trx, reservation));
  return answer;
}

/** Forgets every attempt counted in these buckets: after a success, or an admin's reset of the account. */
export async function clearBuckets(db: Executor, keys: string[]): Promise<void> {
  await attemptRepository.removeBuckets(db, keys);
}

/** Removes attempts that no window counts any more, so the table stays small: each bucket's rows live no longer than its window. */
export async function purgeOldAttempts(db: Executor): Promise<void> {
  const before = (ms: number) => new Date(Date.now() - ms).toISOString();
  await attemptRepository.removeOlder(db, before(limits.dateOfBirthSpray.windowMs));
  await attemptRepository.removeOlder(db, before(OTHER_WINDOWS_MS), SPRAY_KEYS);
}

let lastPurge = 0;

/**
 * Purges old attempts at most once a minute per process, from a sign-in (decision 015): what an
 * anonymous client can add to the table is bounded by the address limits, and it never outlives
 * its window by more than a minute.
 */
export function purgeOldAttemptsNowAndThen(deps: Pick<Deps, 'writeTransaction'>): void {
  if (Date.now() - lastPurge < 60_000) return;
  lastPurge = Date.now();
  void deps.writeTransaction((trx) => purgeOldAttempts(trx)).catch(() => undefined);
}

export const signInActions = {
  FAILED: { student: 'student.sign-in-failed', admin: 'admin.sign-in-failed', guardian: 'guardian.sign-in-failed' },
  SUCCEEDED: { student: 'student.sign-in', admin: 'admin.sign-in', guardian: 'guardian.sign-in' },
} as const;
