import { availableParallelism } from 'node:os';
import { createHashingPool, HashingBusy } from './hashing-pool.ts';

export { HashingBusy } from './hashing-pool.ts';

/** The library's number for argon2id (its enum is a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** DESIGN §4: argon2id, m = 19456 KiB, t = 2, p = 1. Hashing runs off the event loop. */
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * One hashing thread per core but one (at least one), at low priority and resting between hashes,
 * so a storm of sign-ins on registration day queues its hashing and leaves the processors to
 * everyone's autosaves.
 */
const productionHashing = () => createHashingPool(Math.max(1, availableParallelism() - 1), options);
/** Light argon2id settings at the ordinary priority, resting `restFactor` times a hash's time after each: for tests only. */
const lightHashing = (restFactor: number) =>
  createHashingPool(Math.max(1, availableParallelism() - 1), { ...options, memoryCost: 1024, timeCost: 1 }, { restFactor, nice: 0 });

let hashing = productionHashing();

/**
 * For tests: 'light' is the server suites' default (their set-up file chooses it before each file),
 * so that hundreds of sign-ins and new passwords do not starve behind other work on a busy machine;
 * 'resting' is as light but rests 25 times a hash's time after each, for tests of sign-ins turned
 * away while the checks are busy: the threads stay busy without taking the processor, on any machine;
 * 'production' is for the tests of the cost and the priority themselves (hashing-pool.test.ts).
 * Hashing, checking and the lanes with their bounds are the same in each; only a hash's cost and its
 * rest differ. Call before the passwords it is for are hashed.
 */
export function useHashingInTests(kind: 'light' | 'resting' | 'production'): void {
  hashing = kind === 'production' ? productionHashing() : lightHashing(kind === 'resting' ? 25 : 0);
}

export const hashPassword = async (password: string): Promise<string> => (await hashing.run({ op: 'hash', password })) as string;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await hashing.run({ op: 'verify', hash: passwordHash, password })) === true;
  } catch {
    return false;
  }
}

/** Null when a sign-in's check would be taken now, else the seconds to wait (the queue is full). */
export const signInQueueFull = ({ key, first }: { key: string; first: boolean }): number | null => hashing.wouldRefuse(key, { first });

/** How many sign-in checks have run in this process (tests read it: every failure path runs one). */
export const signInChecks = { count: 0 };

let dummyHash: Promise<string> | undefined;
/** A hash no password matches in practice, checked where there is nothing to check (DESIGN §4). */
const dummy = () => (dummyHash ??= hashPassword(`no account has this password ${Math.random()}`));

/**
 * A sign-in's check, in the bounded lane of the hashing threads (decision 015): against the
 * account's hash, or against a dummy one when there is none (an unknown ID, a date-of-birth
 * account), so that every failure takes the time of a real check. `key` is the caller's address;
 * `first` puts a browser that signed in to the account before first in line (then `key` is its
 * device). Throws HashingBusy when the queue is full.
 */
export async function verifySignIn(passwordHash: string | null, password: string, { key, first }: { key: string; first: boolean }): Promise<boolean> {
  const hash = passwordHash ?? (await dummy());
  try {
    const task = { op: 'verify', hash, password } as const;
    const matches = (await hashing.tryRun(task, key, { first })) === true;
    signInChecks.count += 1;
    return passwordHash !== null && matches;
  } catch (error) {
    if (error instanceof HashingBusy) throw error;
    return false;
  }
}
