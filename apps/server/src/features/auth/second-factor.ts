import { messages, type RecoveryCodes, type SecondFactorKind, type TotpEnrolment } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, TooManyRequests, type Unauthorized } from '../../lib/errors.ts';
import type { Actor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { passkeyRepository } from './passkey-repository.ts';
import { secondFactorRepository as factors, type FactorOwner } from './second-factor-repository.ts';
import { newRecoveryCode, newTotpSecret, otpauthUrl, recoveryCodeHash, stepOfCode } from './totp.ts';

export type { FactorOwner };

/** Minutes an account's codes are refused after its wrong codes in a row (decision 043). */
export const CODE_LOCK_MINUTES = 15;
/** How long a sign-in whose password was right waits for its second factor. */
const PENDING_SIGN_IN_MS = 5 * 60_000;
const RECOVERY_CODES = 10;

/** A factor added to an account or removed from it, as her security notice tells it. */
export type FactorChange = { kind: 'factor-added' | 'factor-removed'; factor: 'authenticator app' | 'passkey' };

/**
 * The account whose second factor her own session sets up or changes (decisions 043 and 062): a
 * staff member's or a guardian's. The code here is the same for both; what differs is passed in.
 */
export type FactorAccount = {
  owner: FactorOwner;
  /** Her session's actor, whom the audit log names. */
  actor: Actor;
  /** Her account's name in her authenticator app and her passkeys (a staff username, a guardian's address). */
  label: string;
  /** Tells her of a factor added or removed (her security notice), in the change's transaction. */
  notify(trx: Executor, change: FactorChange): Promise<unknown>;
};

/** 429 with the wait until the owner's codes may be tried again. */
async function codesLocked(deps: Deps, owner: FactorOwner, now: number): Promise<never> {
  const lockedUntil = (await factors.factorOf(deps.db, owner))?.factor_locked_until;
  const seconds = Math.max(1, Math.ceil(((lockedUntil ? Date.parse(lockedUntil) : now + CODE_LOCK_MINUTES * 60_000) - now) / 1000));
  throw new TooManyRequests(messages.codesLocked(Math.ceil(seconds / 60)), seconds);
}

/**
 * Counts one check of a second factor of the account (a code or a passkey) before it is made
 * (decision 043), or refuses it (429) while five wrong in a row lock the account's factors for 15
 * minutes. A right answer then calls `factorAccepted`.
 */
export async function reserveFactorCheck(deps: Deps, owner: FactorOwner): Promise<void> {
  const now = Date.now();
  const lockEnds = new Date(now + CODE_LOCK_MINUTES * 60_000).toISOString();
  const reserved = await deps.writeTransaction((trx) => factors.reserveCheck(trx, owner, new Date(now).toISOString(), lockEnds));
  if (reserved === undefined) await codesLocked(deps, owner, now);
}

/** A right code or passkey: the count of wrong ones starts again. */
export const factorAccepted = (deps: Deps, owner: FactorOwner): Promise<void> => deps.writeTransaction((trx) => factors.clearFailures(trx, owner));

/**
 * Checks a code of the account (decision 043): an authenticator-app code of `secret` (its time
 * step taken for good when `claim`, so the same code is refused after), or with `recovery` one of
 * its unused recovery codes. The account's codes are checked one at a time, each in one write
 * transaction with the account's row locked (decision 058): the lock is read, the code checked,
 * and a wrong one counted, before the next is looked at; five wrong in a row lock the account's
 * codes for 15 minutes. A right code of hers given again (a time step or recovery code already
 * used, as when one code is sent many times at once) is refused without counting as wrong, so
 * parallel tries of one good code never lock her out. Answers the time step of an app code, null
 * for a recovery code.
 */
export async function checkFactorCode(
  deps: Deps,
  owner: FactorOwner,
  code: string,
  options: { secret: string; claim: boolean; recovery: boolean },
): Promise<number | null> {
  const now = Date.now();
  const lockEnds = new Date(now + CODE_LOCK_MINUTES * 60_000).toISOString();
  const digits = code.replace(/\s/g, '');
  type Outcome = { kind: 'locked' | 'used' | 'recovery used' | 'wrong'; step?: undefined } | { kind: 'right'; step: number | null };
  const outcome = await deps.writeTransaction(async (trx): Promise<Outcome> => {
    if (await factors.lockedNow(trx, deps.dialect, owner, new Date(now).toISOString())) return { kind: 'locked' };
    if (/^\d{6}$/.test(digits)) {
      const step = stepOfCode(options.secret, digits, now);
      if (step !== null) {
        if (options.claim && !(await factors.claimStep(trx, owner, step))) return { kind: 'used' };
        await factors.clearFailures(trx, owner);
        return { kind: 'right', step };
      }
    } else if (options.recovery) {
      const used = await factors.useRecoveryCode(trx, owner, recoveryCodeHash(code));
      if (used === 'used before') return { kind: 'recovery used' };
      if (used === 'used') {
        await factors.clearFailures(trx, owner);
        return { kind: 'right', step: null };
      }
    }
    await factors.reserveCheck(trx, owner, new Date(now).toISOString(), lockEnds);
    return { kind: 'wrong' };
  });
  if (outcome.kind === 'right') return outcome.step;
  if (outcome.kind === 'locked') return codesLocked(deps, owner, now);
  if (outcome.kind === 'used') throw invalidField('code', messages.codeUsed);
  if (outcome.kind === 'recovery used') throw invalidField('code', messages.recoveryCodeUsed);
  throw invalidField('code', messages.wrongCode);
}

/** The code that completes a sign-in whose password was right: an app code of `secret`, taken once, or a recovery code. */
export const checkSignInCode = (deps: Deps, owner: FactorOwner, secret: string, code: string) =>
  checkFactorCode(deps, owner, code, { secret, claim: true, recovery: true });

/** Her authenticator app's new secret, waiting for its first code (`POST /api/account/totp` and the guardian's own). */
export async function startTotpEnrolment(deps: Deps, account: FactorAccount): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await deps.writeTransaction(async (trx) => {
    await factors.setPendingSecret(trx, account.owner, secret);
    await writeAudit(trx, account.actor, { action: 'second-factor.enrolment-started' });
  });
  return { secret, otpauth_url: otpauthUrl(deps.config.schoolName, account.label, secret) };
}

/**
 * The app's first code makes the secret her factor (in place of any earlier one) and brings ten new
 * recovery codes, shown once and kept only as hashes; she is told by her security notice. It proves
 * the app works, not who holds the session: a staff member's bulk export still asks for a code
 * (decision 049).
 */
export async function confirmTotp(deps: Deps, account: FactorAccount, code: string): Promise<RecoveryCodes> {
  const pending = (await factors.factorOf(deps.db, account.owner))?.totp_pending_secret;
  if (!pending) throw invalidField('code', messages.noFactorYet);
  const step = (await checkFactorCode(deps, account.owner, code, { secret: pending, claim: false, recovery: false }))!;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await deps.writeTransaction(async (trx) => {
    await factors.confirmSecret(trx, account.owner, pending, step, codes.map(recoveryCodeHash));
    await writeAudit(trx, account.actor, { action: 'second-factor.enrolled', detail: 'authenticator app' });
    await account.notify(trx, { kind: 'factor-added', factor: 'authenticator app' });
  });
  return { recovery_codes: codes };
}

/** The kinds of second factor the account has, as its sign-in names them: `totpSecret` is its app's, read with its row. */
export async function secondFactorKinds(db: Executor, owner: FactorOwner, totpSecret: string | null): Promise<SecondFactorKind[]> {
  return [...(totpSecret !== null ? (['app'] as const) : []), ...((await passkeyRepository.hasPasskey(db, owner)) ? (['passkey'] as const) : [])];
}

/** Her app and the recovery codes she has not used, for her account page. */
export async function factorSummary(db: Executor, owner: FactorOwner): Promise<{ totp: boolean; recovery_codes_left: number }> {
  const [account, left] = await Promise.all([factors.factorOf(db, owner), factors.recoveryCodesLeft(db, owner)]);
  return { totp: Boolean(account?.totp_secret), recovery_codes_left: left };
}

/**
 * The account of the `kind` whose sign-in, from this session, gave a right password and waits for
 * its second factor (within 5 minutes of it); otherwise `refusal` (401: sign in again). A sign-in
 * waiting for a staff member's factor is no sign-in of a guardian's, and the other way round.
 */
export async function pendingSignInOf(deps: Deps, actor: Actor, kind: FactorOwner['kind'], refusal: Unauthorized): Promise<number> {
  const pending = actor.sessionId ? await factors.pendingSignIn(deps.db, actor.sessionId) : undefined;
  const id = kind === 'staff' ? pending?.admin_id : pending?.guardian_id;
  if (id == null || !pending || Date.now() - Date.parse(pending.created_at) > PENDING_SIGN_IN_MS) throw refusal;
  return id;
}

/** Every second factor of hers gone (app, recovery codes, passkeys), in the caller's transaction. */
export const removeAllFactors = (trx: Executor, owner: FactorOwner): Promise<void> => factors.removeAll(trx, owner);
