import { availableParallelism } from 'node:os';
import { passwordLength } from '@school/contract';
import { commonPasswords } from './common-passwords.ts';
import { createHashingPool } from './hashing-pool.ts';

/** The library's number for argon2id (its enum is a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** DESIGN §4: argon2id, m = 19456 KiB, t = 2, p = 1. Hashing runs off the event loop. */
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * One hashing thread per core but one (at least one), at low priority and resting between hashes,
 * so a storm of sign-ins on registration day queues its hashing and leaves the processors to
 * everyone's autosaves.
 */
const hashing = createHashingPool(Math.max(1, availableParallelism() - 1), options);

export const hashPassword = async (password: string): Promise<string> => (await hashing.run({ op: 'hash', password })) as string;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await hashing.run({ op: 'verify', hash: passwordHash, password })) === true;
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check when there is no account, so a wrong ID reads like a wrong password. */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
}

/** DESIGN §4's lengths, from the contract the forms read too. */
export const { min: PASSWORD_MIN, max: PASSWORD_MAX } = passwordLength;

/** Why a new password is refused, or null when it is acceptable (DESIGN §4). */
export function passwordProblem(password: string, forbidden: { studentId?: string; dateOfBirth?: string | null; username?: string }): string | null {
  if (password.length < PASSWORD_MIN) return `The password must have at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password must have at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (forbidden.studentId && lower.includes(forbidden.studentId.toLowerCase())) return 'The password must not contain your student ID.';
  if (forbidden.username && lower === forbidden.username.toLowerCase()) return 'The password must not be your username.';
  if (forbidden.dateOfBirth) {
    const [year, month, day] = forbidden.dateOfBirth.split('-');
    const forms = [`${year}${month}${day}`, `${day}${month}${year}`, `${month}${day}${year}`, forbidden.dateOfBirth];
    if (forms.some((form) => lower.includes(form))) return 'The password must not contain your date of birth.';
  }
  if (commonPasswords.has(lower)) return 'This password is too common. Please choose another.';
  return null;
}
