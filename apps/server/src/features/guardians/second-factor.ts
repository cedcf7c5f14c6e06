import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  guardianMessages,
  type AddPasskeyRequest,
  type GuardianSecondFactor,
  type GuardianSignIn,
  type PasskeyCreationOptions,
  type PasskeyList,
  type PasskeyRequestOptions,
  type RecoveryCodes,
  type TotpEnrolment,
} from '@school/contract';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, NotFound, Unauthorized } from '../../lib/errors.ts';
import type { Actor, AdminActor, GuardianActor } from '../../session/actor.ts';
import type { SignedIn } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import {
  addPasskey,
  checkCurrentPassword,
  checkPasskeyAssertion,
  checkSignInCode,
  confirmTotp,
  factorSummary,
  listPasskeys,
  passkeyAssertionOptions,
  passkeyCreationOptions,
  passkeyRepository,
  pendingSignInOf,
  removeAllFactors,
  removePasskey,
  startTotpEnrolment,
  verifyPassword,
  type FactorAccount,
  type FactorOwner,
} from '../auth/index.ts';
import { queueGuardianAccountMail, type GuardianSecurityEvent } from '../notifications/index.ts';
import { guardiansRepository as repository, type GuardianRow } from './repository.ts';
import { guardianAccount, openGuardianSession, ownAccount } from './service.ts';

/**
 * A guardian's optional second factor (decision 062): the staff's authenticator app and passkeys,
 * through the same code as theirs (`features/auth`), on her own account. Her sign-in with one waits
 * for it; every change is audited and told to her address.
 */

const ownerOf = (guardian: Pick<GuardianRow, 'id'>): FactorOwner => ({ kind: 'guardian', id: guardian.id });

/** Her security notice of a change to her two-step sign-in, to her own address, in the change's transaction. */
function queueSecurityNotice(trx: Executor, deps: Pick<Deps, 'config'>, actor: Actor, guardian: GuardianRow, event: GuardianSecurityEvent) {
  return queueGuardianAccountMail(trx, deps.config, {
    actor,
    to: guardian.email,
    guardianId: guardian.id,
    studentId: null,
    event: `security:${guardian.public_id}`,
    mail: { kind: 'security', event, at: nowIso() },
  });
}

/** Her account as the shared second-factor code changes it: her address is its name in her app and passkeys. */
async function ownFactors(deps: Deps, actor: GuardianActor): Promise<FactorAccount> {
  const guardian = await ownAccount(deps, actor);
  return {
    owner: ownerOf(guardian),
    actor,
    label: guardian.email,
    notify: (trx, change) => queueSecurityNotice(trx, deps, actor, guardian, change),
  };
}

/** `GET /api/guardian/account/second-factor`: her app, the recovery codes she has left, and her passkeys. */
export async function readSecondFactor(deps: Deps, actor: GuardianActor): Promise<GuardianSecondFactor> {
  const owner = ownerOf({ id: actor.guardianId });
  const [summary, passkeys] = await Promise.all([factorSummary(deps.db, owner), listPasskeys(deps, owner)]);
  return { ...summary, passkeys: passkeys.passkeys };
}

/** `POST /api/guardian/account/totp`: a new secret for her authenticator app, waiting for its first code. */
export const startTotp = async (deps: Deps, actor: GuardianActor): Promise<TotpEnrolment> => startTotpEnrolment(deps, await ownFactors(deps, actor));

/** `POST /api/guardian/account/totp/confirm`: the app's first code turns it on, and answers her ten recovery codes, shown once. */
export const confirmOwnTotp = async (deps: Deps, actor: GuardianActor, code: string): Promise<RecoveryCodes> =>
  confirmTotp(deps, await ownFactors(deps, actor), code);

/** `GET /api/guardian/account/passkeys`: her passkeys, oldest first. */
export const listOwnPasskeys = (deps: Deps, actor: GuardianActor): Promise<PasskeyList> => listPasskeys(deps, ownerOf({ id: actor.guardianId }));

/** `POST /api/guardian/account/passkeys/options`: what her browser needs to make a passkey for this portal. */
export const ownPasskeyOptions = async (deps: Deps, actor: GuardianActor): Promise<PasskeyCreationOptions> =>
  passkeyCreationOptions(deps, await ownFactors(deps, actor));

/** `POST /api/guardian/account/passkeys`: the passkey her browser made becomes one of her factors. */
export const addOwnPasskey = async (deps: Deps, actor: GuardianActor, body: AddPasskeyRequest): Promise<PasskeyList> =>
  addPasskey(deps, await ownFactors(deps, actor), body);

/**
 * `DELETE /api/guardian/account/passkeys/{id}`: removes one of her passkeys. Her only passkey, with no
 * app beside it, is her whole second factor: it goes only with two-step sign-in turned off, which
 * asks for her password (409).
 */
export const removeOwnPasskey = async (deps: Deps, actor: GuardianActor, id: number): Promise<void> =>
  removePasskey(deps, await ownFactors(deps, actor), id, { lastKept: new Conflict(guardianMessages.lastPasskeyKept) });

/**
 * `DELETE /api/guardian/account/second-factor`: with her current password (limited like a sign-in),
 * her app, recovery codes and passkeys go, audited and told to her address. Answers what is left: nothing.
 */
export async function turnOffSecondFactor(deps: Deps, actor: GuardianActor, currentPassword: string): Promise<GuardianSecondFactor> {
  const guardian = await ownAccount(deps, actor);
  await checkCurrentPassword(deps, guardianAccount(guardian.email), () => verifyPassword(guardian.password_hash, currentPassword));
  const before = await readSecondFactor(deps, actor);
  await deps.writeTransaction(async (trx) => {
    await removeAllFactors(trx, ownerOf(guardian));
    if (!before.totp && before.passkeys.length === 0) return;
    await writeAudit(trx, actor, { action: 'second-factor.turned-off' });
    await queueSecurityNotice(trx, deps, actor, guardian, { kind: 'factors-removed' });
  });
  return readSecondFactor(deps, actor);
}

/**
 * `DELETE /api/guardians/{id}/second-factor` (an admin, decision 062): for a guardian who lost her
 * phone and her recovery codes, with no passkey left, her app, codes and passkeys go and every
 * session of hers ends, as an admin's reset of a staff member's (decision 043). Her account's row
 * is locked first, so that two admins at once remove them once: one audit row and one notice to her
 * address. Answers her name for the screen's words.
 */
export async function resetGuardianFactors(deps: Deps, actor: AdminActor, guardianPublicId: string): Promise<{ message: string }> {
  const guardian = await repository.byPublicId(deps.db, guardianPublicId);
  if (!guardian) throw new NotFound(guardianMessages.guardianNotFound);
  const owner = ownerOf(guardian);
  await deps.writeTransaction(async (trx) => {
    const account = await passkeyRepository.lockAccount(trx, owner);
    const had = Boolean(account?.totp_secret) || (await passkeyRepository.hasPasskey(trx, owner));
    if (!had) throw new Conflict(guardianMessages.noSecondFactorToReset);
    await removeAllFactors(trx, owner);
    await repository.endSessions(trx, guardian.id, null);
    await writeAudit(trx, actor, { action: 'guardian.second-factor-reset', detail: `guardian ${guardian.public_id}` });
    await queueSecurityNotice(trx, deps, actor, guardian, { kind: 'factors-reset' });
  });
  return { message: guardianMessages.secondFactorReset(guardian.display_name) };
}

/** The guardian whose sign-in from this session gave a right password and waits for her second factor (5 minutes), else 401. */
async function pendingGuardian(deps: Deps, actor: Actor): Promise<GuardianRow> {
  const refusal = new Unauthorized(guardianMessages.signInAgain);
  const guardian = await repository.byId(deps.db, await pendingSignInOf(deps, actor, 'guardian', refusal));
  if (!guardian || guardian.disabled === 1) throw refusal;
  return guardian;
}

/** The waiting session is replaced by her full one, which has given its factor (`how` names it in the audit). */
const completeSignIn = (deps: Deps, actor: Actor, guardian: GuardianRow, how: string): Promise<SignedIn<GuardianSignIn>> =>
  deps.writeTransaction((trx) => openGuardianSession(trx, actor, guardian, how, { secondFactor: true }));

/** `POST /api/guardian-login/second-factor`: her app's code, or a recovery code, completes a sign-in whose password was right. */
export async function signInWithCode(deps: Deps, actor: Actor, code: string): Promise<SignedIn<GuardianSignIn>> {
  const guardian = await pendingGuardian(deps, actor);
  if (!guardian.totp_secret) throw new Unauthorized(guardianMessages.signInAgain);
  await checkSignInCode(deps, ownerOf(guardian), guardian.totp_secret, code);
  return completeSignIn(deps, actor, guardian, 'with a second factor');
}

/** `POST /api/guardian-login/passkey/options`: a challenge for her passkey, for a sign-in whose password was right. */
export async function signInPasskeyOptions(deps: Deps, actor: Actor): Promise<PasskeyRequestOptions> {
  const guardian = await pendingGuardian(deps, actor);
  return passkeyAssertionOptions(deps, actor.sessionId, ownerOf(guardian), 'sign-in');
}

/** `POST /api/guardian-login/passkey`: her passkey completes the sign-in in place of a code. */
export async function signInWithPasskey(deps: Deps, actor: Actor, response: AuthenticationResponseJSON): Promise<SignedIn<GuardianSignIn>> {
  const guardian = await pendingGuardian(deps, actor);
  await checkPasskeyAssertion(deps, actor.sessionId, ownerOf(guardian), 'sign-in', response);
  return completeSignIn(deps, actor, guardian, 'with a passkey');
}
