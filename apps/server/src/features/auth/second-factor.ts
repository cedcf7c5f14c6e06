import { createHash } from 'node:crypto';
import { messages, type AdminSignIn, type RecoveryCodes, type StaffAccount, type TotpEnrolment } from '@school/contract';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, NotFound, TooManyRequests, Unauthorized } from '../../lib/errors.ts';
import { actingAs, type Actor, type AdminActor } from '../../session/actor.ts';
import { sessionRepository } from '../../session/session-repository.ts';
import { openSession, type SignedIn } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import { queueStaffSecurityNotice } from '../notifications/index.ts';
import { authRepository } from './repository.ts';
import { deviceName } from './device-names.ts';
import { staffIdentity } from './service.ts';
import { signInActions } from './throttle.ts';
import { secondFactorRepository as factors } from './second-factor-repository.ts';
import { newRecoveryCode, newTotpSecret, otpauthUrl, recoveryCodeHash, stepOfCode } from './totp.ts';

/** Minutes an account's codes are refused after its wrong codes in a row (decision 043). */
export const CODE_LOCK_MINUTES = 15;
/** How long a sign-in whose password was right waits for its second factor. */
const PENDING_SIGN_IN_MS = 5 * 60_000;
const RECOVERY_CODES = 10;

/**
 * Counts one check of a second factor of the account (a code or a passkey) before it is made
 * (decision 043), or refuses it (429) while five wrong in a row lock the account's factors for 15
 * minutes. A right answer then calls `factorAccepted`.
 */
export async function reserveFactorCheck(deps: Deps, adminId: number): Promise<void> {
  const now = Date.now();
  const lockEnds = new Date(now + CODE_LOCK_MINUTES * 60_000).toISOString();
  const reserved = await deps.writeTransaction((trx) => factors.reserveCheck(trx, adminId, new Date(now).toISOString(), lockEnds));
  if (reserved === undefined) {
    const lockedUntil = (await factors.factorOf(deps.db, adminId))?.factor_locked_until;
    const seconds = Math.max(1, Math.ceil(((lockedUntil ? Date.parse(lockedUntil) : now + CODE_LOCK_MINUTES * 60_000) - now) / 1000));
    throw new TooManyRequests(messages.codesLocked(Math.ceil(seconds / 60)), seconds);
  }
}

/** A right code or passkey: the count of wrong ones starts again. */
export const factorAccepted = (deps: Deps, adminId: number): Promise<void> => deps.writeTransaction((trx) => factors.clearFailures(trx, adminId));

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
async function checkCode(deps: Deps, adminId: number, code: string, options: { secret: string; claim: boolean; recovery: boolean }): Promise<number | null> {
  const now = Date.now();
  const lockEnds = new Date(now + CODE_LOCK_MINUTES * 60_000).toISOString();
  const digits = code.replace(/\s/g, '');
  type Outcome = { kind: 'locked' | 'used' | 'recovery used' | 'wrong'; step?: undefined } | { kind: 'right'; step: number | null };
  const outcome = await deps.writeTransaction(async (trx): Promise<Outcome> => {
    if (await factors.lockedNow(trx, deps.dialect, adminId, new Date(now).toISOString())) return { kind: 'locked' };
    if (/^\d{6}$/.test(digits)) {
      const step = stepOfCode(options.secret, digits, now);
      if (step !== null) {
        if (options.claim && !(await factors.claimStep(trx, adminId, step))) return { kind: 'used' };
        await factors.clearFailures(trx, adminId);
        return { kind: 'right', step };
      }
    } else if (options.recovery) {
      const used = await factors.useRecoveryCode(trx, adminId, recoveryCodeHash(code));
      if (used === 'used before') return { kind: 'recovery used' };
      if (used === 'used') {
        await factors.clearFailures(trx, adminId);
        return { kind: 'right', step: null };
      }
    }
    await factors.reserveCheck(trx, adminId, new Date(now).toISOString(), lockEnds);
    return { kind: 'wrong' };
  });
  if (outcome.kind === 'right') return outcome.step;
  if (outcome.kind === 'locked') {
    const lockedUntil = (await factors.factorOf(deps.db, adminId))?.factor_locked_until;
    const seconds = Math.max(1, Math.ceil(((lockedUntil ? Date.parse(lockedUntil) : now + CODE_LOCK_MINUTES * 60_000) - now) / 1000));
    throw new TooManyRequests(messages.codesLocked(Math.ceil(seconds / 60)), seconds);
  }
  if (outcome.kind === 'used') throw invalidField('code', messages.codeUsed);
  if (outcome.kind === 'recovery used') throw invalidField('code', messages.recoveryCodeUsed);
  throw invalidField('code', messages.wrongCode);
}

/** `POST /api/account/totp`: a new secret for her authenticator app, waiting for its first code. */
export async function startTotpEnrolment(deps: Deps, actor: AdminActor): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await deps.writeTransaction(async (trx) => {
    await factors.setPendingSecret(trx, actor.adminId, secret);
    await writeAudit(trx, actor, { action: 'second-factor.enrolment-started' });
  });
  return { secret, otpauth_url: otpauthUrl(deps.config.schoolName, actor.name, secret) };
}

/**
 * `POST /api/account/totp/confirm`: the app's first code makes the secret her factor (in place of
 * any earlier one) and brings ten new recovery codes, shown once and kept only as hashes. It proves
 * the app works, not who holds the session: a bulk export still asks for a code (decision 049).
 */
export async function confirmTotp(deps: Deps, actor: AdminActor, code: string): Promise<RecoveryCodes> {
  const pending = (await factors.factorOf(deps.db, actor.adminId))?.totp_pending_secret;
  if (!pending) throw invalidField('code', messages.noFactorYet);
  const step = (await checkCode(deps, actor.adminId, code, { secret: pending, claim: false, recovery: false }))!;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await deps.writeTransaction(async (trx) => {
    await factors.confirmSecret(trx, actor.adminId, pending, step, codes.map(recoveryCodeHash));
    await writeAudit(trx, actor, { action: 'second-factor.enrolled', detail: 'authenticator app' });
    const added = { kind: 'factor-added' as const, factor: 'authenticator app' as const };
    await queueStaffSecurityNotice(trx, deps.config, { actor, staff: { id: actor.adminId, username: actor.name }, event: added });
  });
  return { recovery_codes: codes };
}

/** `POST /api/account/step-up`: a code given again, so that bulk exports may go ahead for 15 minutes (decision 049). */
export async function stepUp(deps: Deps, actor: AdminActor, code: string): Promise<{ message: string }> {
  const secret = (await factors.factorOf(deps.db, actor.adminId))?.totp_secret;
  if (!secret) throw invalidField('code', messages.noFactorYet);
  await checkCode(deps, actor.adminId, code, { secret, claim: true, recovery: true });
  return steppedUp(deps, actor, null);
}

/** The session gave its second factor now (`how` names a passkey in the audit): bulk exports may go ahead for 15 minutes. */
export async function steppedUp(deps: Deps, actor: AdminActor, how: string | null): Promise<{ message: string }> {
  await deps.writeTransaction(async (trx) => {
    if (actor.sessionId) await factors.markSecondFactor(trx, actor.sessionId, new Date().toISOString());
    await writeAudit(trx, actor, { action: 'second-factor.step-up', detail: how });
  });
  return { message: 'Confirmed.' };
}

/**
 * The account of a sign-in whose password was right and that waits for its second factor (within
 * 5 minutes of it), or 401: sign in again.
 */
export async function pendingSignInAccount(deps: Deps, actor: Actor) {
  const pending = actor.sessionId ? await factors.pendingSignIn(deps.db, actor.sessionId) : undefined;
  if (!pending?.admin_id || Date.now() - Date.parse(pending.created_at) > PENDING_SIGN_IN_MS) throw new Unauthorized(messages.signInAgain);
  const admin = await authRepository.findAdminById(deps.db, pending.admin_id);
  if (!admin || admin.disabled === 1) throw new Unauthorized(messages.signInAgain);
  return admin;
}

type PendingAccount = Awaited<ReturnType<typeof pendingSignInAccount>>;

/** The waiting session is replaced by a full one that has given its factor (`how` names it in the audit). */
export async function completeSignIn(deps: Deps, actor: Actor, admin: PendingAccount, how: string, userAgent?: string): Promise<SignedIn<AdminSignIn>> {
  const session = await deps.writeTransaction(async (trx) => {
    const opened = await openSession(trx, actor, {
      kind: 'admin',
      student_id: null,
      admin_id: admin.id,
      restricted: admin.must_change_password,
      ip: actor.ip,
      second_factor_at: new Date().toISOString(),
      device: deviceName(userAgent),
    });
    await writeAudit(trx, actingAs(actor, staffIdentity(admin)), { action: signInActions.SUCCEEDED.admin, detail: how });
    const signedIn = { kind: 'signed-in' as const, device: deviceName(userAgent) };
    await queueStaffSecurityNotice(trx, deps.config, { actor: actingAs(actor, staffIdentity(admin)), staff: admin, event: signedIn });
    return opened;
  });
  return { answer: { name: 'Admin', username: admin.username, must_change_password: admin.must_change_password === 1 }, session };
}

/** `POST /api/admin-login/second-factor`: the code that completes a sign-in whose password was right. */
export async function signInSecondFactor(deps: Deps, actor: Actor, code: string, userAgent?: string): Promise<SignedIn<AdminSignIn>> {
  const admin = await pendingSignInAccount(deps, actor);
  if (!admin.totp_secret) throw new Unauthorized(messages.signInAgain);
  await checkCode(deps, admin.id, code, { secret: admin.totp_secret, claim: true, recovery: true });
  return completeSignIn(deps, actor, admin, 'with a second factor', userAgent);
}

/** A session's handle on the account page: derived from its stored hash, so it opens nothing. */
const sessionHandle = (idHash: string) => createHash('sha256').update(`handle\n${idHash}`).digest('base64url').slice(0, 22);

/** `GET /api/account`: her second factor and her active sessions, the current one marked. */
export async function staffAccount(deps: Deps, actor: AdminActor): Promise<StaffAccount> {
  const [account, left, sessions] = await Promise.all([
    factors.factorOf(deps.db, actor.adminId),
    factors.recoveryCodesLeft(deps.db, actor.adminId),
    factors.sessionsOf(deps.db, actor.adminId),
  ]);
  return {
    totp: Boolean(account?.totp_secret),
    recovery_codes_left: left,
    sessions: sessions.map((session) => ({
      id: sessionHandle(session.id_hash),
      device: session.device ?? null,
      ip: session.ip,
      signed_in_at: session.created_at,
      last_used_at: session.last_seen_at,
      current: session.id_hash === actor.sessionId,
    })),
  };
}

/** `DELETE /api/account/sessions/{id}`: ends one of her sessions (this one too, if she names it). */
export async function endStaffSession(deps: Deps, actor: AdminActor, handle: string): Promise<void> {
  const session = (await factors.sessionsOf(deps.db, actor.adminId)).find((row) => sessionHandle(row.id_hash) === handle);
  if (!session) throw new NotFound(messages.noSuchSession);
  await deps.writeTransaction(async (trx) => {
    await sessionRepository.delete(trx, session.id_hash);
    await writeAudit(trx, actor, { action: 'staff.session-ended', detail: session.device ?? session.ip ?? null });
  });
}
