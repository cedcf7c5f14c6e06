import {
  guardianLinkLifetimes,
  guardianMessageKinds,
  guardianMessages,
  guardianPasswordProblem,
  messages,
  pageSizes,
  pageWindow,
  type GuardianAccount,
  type GuardianAccountRequest,
  type GuardianMessagesPage,
  type GuardianSignIn,
} from '@school/contract';
import { isCommonPassword } from '@school/contract/common-passwords';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, NotFound } from '../../lib/errors.ts';
import { actingAs, type Actor, type GuardianActor, type GuardianIdentity } from '../../session/actor.ts';
import { hashToken, newToken } from '../../session/session-repository.ts';
import { openSession, type OpenedSession, type SignedIn } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import {
  buckets,
  checkCurrentPassword,
  clearBuckets,
  hashPassword,
  matchProviderAccount,
  ProviderRefusal,
  reserveAttempt,
  secondFactorKinds,
  signInActions,
  signInWithPassword,
  verifyPassword,
  type Bucket,
  type ProviderSignIn,
  type SignInContext,
} from '../auth/index.ts';
import { queueGuardianAccountMail } from '../notifications/index.ts';
import { presentAccount, presentMessages } from './presenter.ts';
import { guardiansRepository as repository, type GuardianRow } from './repository.ts';

/** The account a guardian's sign-in and its limits count by: her address, in lower case. */
export const guardianAccount = (email: string) => `guardian:${email}` as const;

const identityOf = (guardian: Pick<GuardianRow, 'id' | 'public_id' | 'display_name'>): GuardianIdentity => ({
  kind: 'guardian',
  guardianId: guardian.id,
  publicId: guardian.public_id,
  name: guardian.display_name,
});

/** Refuses a new password that breaks the guardians' rule (decision 062): 422 on `password`. */
export function checkNewPassword(password: string, email: string): void {
  const problem = guardianPasswordProblem(password, email, isCommonPassword);
  if (problem) throw invalidField('password', problem);
}

/**
 * Opens a guardian's session in the caller's transaction (the browser's previous one ends), with
 * its audit row: after her sign-in (`secondFactor` when she gave hers), her new password, or the
 * account an invitation made.
 */
export async function openGuardianSession(
  trx: Executor,
  actor: Actor,
  guardian: Pick<GuardianRow, 'id' | 'public_id' | 'display_name'>,
  detail: string | null,
  { secondFactor = false }: { secondFactor?: boolean } = {},
): Promise<{ answer: { name: string; kind: 'guardian' }; session: OpenedSession }> {
  const session = await openSession(trx, actor, {
    kind: 'guardian',
    student_id: null,
    admin_id: null,
    guardian_id: guardian.id,
    restricted: 0,
    ip: actor.ip,
    second_factor_at: secondFactor ? nowIso() : null,
  });
  await writeAudit(trx, actingAs(actor, identityOf(guardian)), { action: signInActions.SUCCEEDED.guardian, detail });
  return { answer: { name: guardian.display_name, kind: 'guardian' }, session };
}

/**
 * Her password was right (at sign-in, or set by a reset link): her session, or when her account has
 * a second factor a guest session that names her and waits for it (decision 062), which no route
 * but the second factor's reads. A reset link is no second factor: she still gives hers after it.
 */
async function passwordAccepted(trx: Executor, actor: Actor, guardian: GuardianRow, detail: string | null): Promise<SignedIn<GuardianSignIn>> {
  const kinds = await secondFactorKinds(trx, { kind: 'guardian', id: guardian.id }, guardian.totp_secret);
  if (kinds.length === 0) return openGuardianSession(trx, actor, guardian, detail);
  const session = await openSession(trx, actor, { kind: 'guest', student_id: null, admin_id: null, guardian_id: guardian.id, restricted: 0, ip: actor.ip });
  await writeAudit(trx, actingAs(actor, identityOf(guardian)), {
    action: 'guardian.password-accepted',
    detail: [detail, 'waiting for the second factor'].filter(Boolean).join(', '),
  });
  return { answer: { name: guardian.display_name, kind: 'guardian', second_factor: 'required', second_factors: kinds }, session };
}

/**
 * `POST /api/guardian-login`: her address and password, under the staff's limits (per account and
 * per address, decision 062). An unknown address, a wrong password and a disabled account read
 * alike, count alike and take the time of one check.
 */
export async function signInGuardian(deps: Deps, actor: Actor, input: { email: string; password: string }, context: SignInContext) {
  const guardian = await repository.byEmail(deps.db, input.email);
  const who = {
    account: guardianAccount(input.email),
    passwordHash: guardian?.password_hash ?? null,
    usable: guardian !== undefined && guardian.disabled !== 1,
    failed: { action: signInActions.FAILED.guardian, attempted: input.email },
    refusal: invalidField('email', guardianMessages.wrongSignIn),
  };
  return signInWithPassword(deps, actor, who, input.password, context, (trx) => passwordAccepted(trx, actor, guardian!, null));
}

/**
 * A sign-in with the school's own accounts (decision 076): her account matched by the provider's
 * `sub` once linked, else by its verified address (hers is verified too, decision 062), and linked;
 * then as after her password: her own second factor, when she has one, is asked next.
 */
export const signInGuardianWithProvider: ProviderSignIn = async (deps, actor, settings, claims) => {
  const guardian = await matchProviderAccount(claims, {
    bySubject: (subject) => repository.byProviderSubject(deps.db, subject),
    byEmail: async (email) => [await repository.byEmailForProvider(deps.db, email)].filter((found) => found !== undefined),
  });
  if (guardian.disabled === 1) throw new ProviderRefusal('refused', 'the account is disabled', guardian.email);
  const { answer, session } = await deps.writeTransaction(async (trx) => {
    await repository.linkProviderSubject(trx, guardian.id, claims.sub);
    return passwordAccepted(trx, actor, guardian, `with ${settings.name}`);
  });
  return { session, waitingFor: answer.second_factor === 'required' ? (answer.second_factors ?? ['app']) : [] };
};

/**
 * How often a reset link may be asked for (decision 062), so that the call cannot flood a mailbox
 * nor be used to try addresses by the thousand: per address asked for, and per caller's address.
 */
export const forgotLimits = {
  email: { attempts: 3, windowMs: 60 * 60 * 1000 },
  address: { attempts: 20, windowMs: 60 * 60 * 1000 },
};

const forgotBuckets = (email: string, address: string): Bucket[] => [
  { key: `guardian-forgot:${email}`, limit: forgotLimits.email },
  { key: `guardian-forgot-address:${address}`, limit: forgotLimits.address },
];

const minutesFromNow = (now: string, minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();

/**
 * `POST /api/guardian-password/forgot`: the same answer whether or not the address has an account,
 * after the same work (a limited attempt, then one write transaction with its audit row); only an
 * account that may sign in gets the mail, a single-use link valid 30 minutes stored as its SHA-256.
 */
export async function askPasswordReset(deps: Deps, actor: Actor, email: string): Promise<{ message: string }> {
  await reserveAttempt(deps, forgotBuckets(email, actor.address));
  const guardian = await repository.byEmail(deps.db, email);
  const token = newToken();
  await deps.writeTransaction(async (trx) => {
    if (!guardian || guardian.disabled === 1) {
      await writeAudit(trx, actor, { action: 'guardian.password-reset-asked', attempted: email, detail: 'no account may sign in with this address' });
      return;
    }
    const now = nowIso();
    const minutes = guardianLinkLifetimes.emailLinkMinutes;
    await repository.addEmailToken(trx, {
      tokenHash: hashToken(token),
      purpose: 'password-reset',
      email,
      guardianId: guardian.id,
      now,
      expiresAt: minutesFromNow(now, minutes),
    });
    await writeAudit(trx, actor, { action: 'guardian.password-reset-asked', attempted: email });
    await queueGuardianAccountMail(trx, deps.config, {
      actor,
      to: guardian.email,
      guardianId: guardian.id,
      studentId: null,
      event: `password-reset:${guardian.public_id}`,
      mail: { kind: 'password-reset', link: `${deps.config.portalUrl}/parents/reset?token=${token}`, minutes },
    });
  });
  return { message: guardianMessages.resetLinkSent };
}

/**
 * `POST /api/guardian-password/reset`: the mailed link once, before it expires, with a password that
 * keeps the rule. Her other sessions end (and her other reset links), and this browser is signed in;
 * her second factor stays, and with one the browser signs in only once it is given.
 */
export async function resetPassword(deps: Deps, actor: Actor, input: { token: string; password: string }) {
  const tokenHash = hashToken(input.token);
  const live = await repository.liveEmailToken(deps.db, tokenHash, 'password-reset', nowIso());
  if (!live || live.guardian_id === null) throw new NotFound(guardianMessages.linkNotValid);
  checkNewPassword(input.password, live.email);
  const passwordHash = await hashPassword(input.password);
  return deps.writeTransaction(async (trx) => {
    const now = nowIso();
    const used = await repository.useEmailToken(trx, tokenHash, 'password-reset', now);
    const guardian = used?.guardian_id != null ? await repository.byId(trx, used.guardian_id) : undefined;
    if (!guardian || guardian.disabled === 1) throw new NotFound(guardianMessages.linkNotValid);
    await repository.setPassword(trx, guardian.id, passwordHash, now);
    await repository.retireEmailTokens(trx, guardian.id, 'password-reset', now);
    await repository.endSessions(trx, guardian.id, null);
    // She proved her mailbox: the wrong passwords counted against her account (a guesser's, or her own) no longer hold her back.
    await clearBuckets(trx, [buckets.account(guardianAccount(guardian.email)).key]);
    await writeAudit(trx, actingAs(actor, identityOf(guardian)), { action: 'guardian.password-reset' });
    return passwordAccepted(trx, actor, guardian, 'with a password reset link');
  });
}

/** Her own account's row, read for a call of her session. */
export async function ownAccount(deps: Pick<Deps, 'db'>, actor: GuardianActor): Promise<GuardianRow> {
  const guardian = await repository.byId(deps.db, actor.guardianId);
  if (!guardian) throw new NotFound(messages.signInToContinue);
  return guardian;
}

/** `GET /api/guardian/account`. */
export async function readAccount(deps: Deps, actor: GuardianActor): Promise<GuardianAccount> {
  return presentAccount(await ownAccount(deps, actor));
}

/** `PATCH /api/guardian/account`: her name, phone and the message kinds she wants, audited (which fields, never their values). */
export async function saveAccount(deps: Deps, actor: GuardianActor, input: GuardianAccountRequest): Promise<GuardianAccount> {
  const changes = {
    ...(input.display_name !== undefined ? { display_name: input.display_name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone?.trim() || null } : {}),
    // Stored in the contract's order, each kind once.
    ...(input.message_kinds !== undefined ? { message_kinds: guardianMessageKinds.filter((kind) => input.message_kinds!.includes(kind)).join(',') } : {}),
  };
  await deps.writeTransaction(async (trx) => {
    await repository.updateAccount(trx, actor.guardianId, changes);
    if (Object.keys(changes).length > 0) await writeAudit(trx, actor, { action: 'guardian.account-changed', detail: Object.keys(changes).join(', ') });
  });
  return readAccount(deps, actor);
}

/**
 * `POST /api/guardian/change-password`: her current password (limited like a sign-in), then a new
 * one that keeps the rule; her other sessions end.
 */
export async function changePassword(deps: Deps, actor: GuardianActor, input: { current_password: string; password: string }) {
  const guardian = await ownAccount(deps, actor);
  await checkCurrentPassword(deps, guardianAccount(guardian.email), () => verifyPassword(guardian.password_hash, input.current_password));
  checkNewPassword(input.password, guardian.email);
  if (input.password === input.current_password) throw invalidField('password', messages.newPasswordSame);
  const passwordHash = await hashPassword(input.password);
  await deps.writeTransaction(async (trx) => {
    const now = nowIso();
    await repository.setPassword(trx, guardian.id, passwordHash, now);
    await repository.endSessions(trx, guardian.id, actor.sessionId);
    await writeAudit(trx, actor, { action: 'guardian.password-changed' });
  });
  return { message: messages.passwordChanged };
}

/** `GET /api/guardian/messages?page=`: what the school sent or is sending her, newest first, a page as long as the staff's Messages page. */
export async function listOwnMessages(deps: Deps, actor: GuardianActor, page: number): Promise<GuardianMessagesPage> {
  return presentMessages(await repository.messagesPage(deps.db, actor.guardianId, pageWindow(page, pageSizes.messages)));
}
