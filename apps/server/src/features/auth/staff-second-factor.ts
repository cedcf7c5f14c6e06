import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { messages, type AdminSignIn, type StaffAccount } from '@school/contract';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField, NotFound, Unauthorized } from '../../lib/errors.ts';
import { actingAs, type Actor, type AdminActor } from '../../session/actor.ts';
import { sessionRepository } from '../../session/session-repository.ts';
import { openSession, type SignedIn } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import { queueStaffSecurityNotice } from '../notifications/index.ts';
import { deviceName } from './device-names.ts';
import { checkPasskeyAssertion, passkeyAssertionOptions, removePasskey } from './passkeys.ts';
import { authRepository } from './repository.ts';
import { secondFactorRepository as factors } from './second-factor-repository.ts';
import { checkFactorCode, checkSignInCode, factorSummary, pendingSignInOf, type FactorAccount, type FactorOwner } from './second-factor.ts';
import { staffIdentity } from './service.ts';
import { signInActions } from './throttle.ts';

/**
 * A staff member's second factor (decision 043) as her own session changes it: the shared code of
 * `second-factor.ts` and `passkeys.ts` on her staff account, her security notices by staff mail.
 */
export const staffFactors = (deps: Deps, actor: AdminActor): FactorAccount => ({
  owner: { kind: 'staff', id: actor.adminId },
  actor,
  label: actor.name,
  notify: (trx, change) => queueStaffSecurityNotice(trx, deps.config, { actor, staff: { id: actor.adminId, username: actor.name }, event: change }),
});

const staffOwner = (adminId: number): FactorOwner => ({ kind: 'staff', id: adminId });

/** `POST /api/account/step-up`: a code given again, so that bulk exports may go ahead for 15 minutes (decision 049). */
export async function stepUp(deps: Deps, actor: AdminActor, code: string): Promise<{ message: string }> {
  const secret = (await factors.factorOf(deps.db, staffOwner(actor.adminId)))?.totp_secret;
  if (!secret) throw invalidField('code', messages.noFactorYet);
  await checkFactorCode(deps, staffOwner(actor.adminId), code, { secret, claim: true, recovery: true });
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
 * The staff account of a sign-in whose password was right and that waits for its second factor
 * (within 5 minutes of it), or 401: sign in again.
 */
export async function pendingSignInAccount(deps: Deps, actor: Actor) {
  const adminId = await pendingSignInOf(deps, actor, 'staff', new Unauthorized(messages.signInAgain));
  const admin = await authRepository.findAdminById(deps.db, adminId);
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
  await checkSignInCode(deps, staffOwner(admin.id), admin.totp_secret, code);
  return completeSignIn(deps, actor, admin, 'with a second factor', userAgent);
}

/** `POST /api/admin-login/passkey/options`: a challenge for a sign-in whose password was right. */
export async function signInPasskeyOptions(deps: Deps, actor: Actor) {
  const admin = await pendingSignInAccount(deps, actor);
  return passkeyAssertionOptions(deps, actor.sessionId, staffOwner(admin.id), 'sign-in');
}

/** `POST /api/admin-login/passkey`: her passkey completes the sign-in in place of a code. */
export async function signInWithPasskey(deps: Deps, actor: Actor, response: AuthenticationResponseJSON, userAgent?: string): Promise<SignedIn<AdminSignIn>> {
  const admin = await pendingSignInAccount(deps, actor);
  await checkPasskeyAssertion(deps, actor.sessionId, staffOwner(admin.id), 'sign-in', response);
  return completeSignIn(deps, actor, admin, 'with a passkey', userAgent);
}

/** `POST /api/account/step-up/passkey/options`: a challenge for her passkey before a bulk export. */
export const stepUpPasskeyOptions = (deps: Deps, actor: AdminActor) => passkeyAssertionOptions(deps, actor.sessionId, staffOwner(actor.adminId), 'step-up');

/** `POST /api/account/step-up/passkey`: her passkey given again, so that bulk exports may go ahead for 15 minutes (decision 049). */
export async function stepUpWithPasskey(deps: Deps, actor: AdminActor, response: AuthenticationResponseJSON): Promise<{ message: string }> {
  await checkPasskeyAssertion(deps, actor.sessionId, staffOwner(actor.adminId), 'step-up', response);
  return steppedUp(deps, actor, 'passkey');
}

/** `DELETE /api/account/passkeys/{id}`: removes one of her passkeys; under STAFF_MFA=required her last second factor stays (409). */
export const removeStaffPasskey = (deps: Deps, actor: AdminActor, id: number) =>
  removePasskey(deps, staffFactors(deps, actor), id, { lastKept: deps.config.staffMfa === 'required' ? new Conflict(messages.lastFactorKept) : null });

/** A session's handle on the account page: derived from its stored hash, so it opens nothing. */
const sessionHandle = (idHash: string) => createHash('sha256').update(`handle\n${idHash}`).digest('base64url').slice(0, 22);

/** `GET /api/account`: her second factor and her active sessions, the current one marked. */
export async function staffAccount(deps: Deps, actor: AdminActor): Promise<StaffAccount> {
  const [summary, sessions] = await Promise.all([factorSummary(deps.db, staffOwner(actor.adminId)), factors.sessionsOf(deps.db, actor.adminId)]);
  return {
    ...summary,
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
