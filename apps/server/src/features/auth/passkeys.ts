import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  messages,
  type AddPasskeyRequest,
  type AdminSignIn,
  type PasskeyCreationOptions,
  type PasskeyList,
  type PasskeyRequestOptions,
} from '@school/contract';
import type { Config } from '../../core/config.ts';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField, NotFound, Unauthorized } from '../../lib/errors.ts';
import type { Actor, AdminActor } from '../../session/actor.ts';
import type { SignedIn } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import { queueStaffSecurityNotice } from '../notifications/index.ts';
import { passkeyRepository as passkeys, type PasskeyPurpose } from './passkey-repository.ts';
import { completeSignIn, factorAccepted, pendingSignInAccount, reserveFactorCheck, steppedUp } from './second-factor.ts';

/** How long the browser may take over a ceremony, and a challenge waits for its answer (a little longer). */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
const CHALLENGE_MS = 3 * 60_000;

/**
 * The portal as WebAuthn names it (decision 043): passkeys are bound to PORTAL_URL's host name, and
 * an answer counts only from a page of PORTAL_URL's origin.
 */
function relyingParty(config: Config) {
  const url = new URL(config.portalUrl);
  return { origin: url.origin, rpID: url.hostname, name: config.schoolName };
}

const transportsOf = (stored: string) => (stored ? stored.split(',') : []);

/** The handle a passkey knows its account by: the staff account's number, no name. */
const userHandle = (adminId: number) => new TextEncoder().encode(`staff-${adminId}`);

async function handOutChallenge(deps: Deps, sessionHash: string | null, purpose: PasskeyPurpose, challenge: string): Promise<void> {
  if (!sessionHash) throw new Unauthorized(messages.signInAgain);
  const now = Date.now();
  const row = { session_hash: sessionHash, purpose, challenge, expires_at: new Date(now + CHALLENGE_MS).toISOString() };
  await deps.writeTransaction((trx) => passkeys.putChallenge(trx, row, new Date(now).toISOString()));
}

/** The session's challenge for the ceremony, taken for good: a second answer to it, or a late one, is refused. */
async function takeChallenge(deps: Deps, sessionHash: string | null, purpose: PasskeyPurpose): Promise<string> {
  const taken = sessionHash ? await deps.writeTransaction((trx) => passkeys.takeChallenge(trx, sessionHash, purpose)) : undefined;
  if (!taken || Date.parse(taken.expires_at) <= Date.now()) throw invalidField('response', messages.passkeyTryAgain);
  return taken.challenge;
}

/** `POST /api/account/passkeys/options`: what her browser needs to make a passkey for this portal. */
export async function passkeyCreationOptions(deps: Deps, actor: AdminActor): Promise<PasskeyCreationOptions> {
  const rp = relyingParty(deps.config);
  const existing = await passkeys.passkeysOf(deps.db, actor.adminId);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: actor.name,
    userID: userHandle(actor.adminId),
    userDisplayName: actor.name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await handOutChallenge(deps, actor.sessionId, 'register', options.challenge);
  return options as PasskeyCreationOptions;
}

/** `GET /api/account/passkeys`: her passkeys, oldest first. */
export async function listPasskeys(deps: Deps, actor: AdminActor): Promise<PasskeyList> {
  const rows = await passkeys.passkeysOf(deps.db, actor.adminId);
  return { passkeys: rows.map(({ id, name, created_at, last_used_at }) => ({ id: Number(id), name, created_at, last_used_at })) };
}

/** `POST /api/account/passkeys`: the passkey her browser made for the challenge it was given becomes one of her factors. */
export async function addPasskey(deps: Deps, actor: AdminActor, body: AddPasskeyRequest): Promise<PasskeyList> {
  const challenge = await takeChallenge(deps, actor.sessionId, 'register');
  const rp = relyingParty(deps.config);
  const verified = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) throw invalidField('response', messages.passkeyNotAdded);
  const { credential } = verified.registrationInfo;
  const name = body.name.trim();
  const added = await deps.writeTransaction(async (trx) => {
    const stored = await passkeys.add(trx, {
      admin_id: actor.adminId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name,
      created_at: nowIso(),
    });
    if (stored) {
      await writeAudit(trx, actor, { action: 'passkey.added', detail: name });
      await queueStaffSecurityNotice(trx, deps.config, {
        actor,
        staff: { id: actor.adminId, username: actor.name },
        event: { kind: 'factor-added', factor: 'passkey' },
      });
    }
    return stored;
  });
  if (!added) throw new Conflict(messages.passkeyAddedAlready);
  return listPasskeys(deps, actor);
}

/**
 * `DELETE /api/account/passkeys/{id}`: removes one of her passkeys. Under STAFF_MFA=required her
 * last second factor stays (409); her account is locked while this is decided, so two removals at
 * once cannot take both of her last two.
 */
export async function removePasskey(deps: Deps, actor: AdminActor, id: number): Promise<void> {
  await deps.writeTransaction(async (trx) => {
    const account = await passkeys.lockAccount(trx, actor.adminId);
    const own = await passkeys.passkeysOf(trx, actor.adminId);
    if (!own.some((passkey) => Number(passkey.id) === id)) throw new NotFound(messages.noSuchPasskey);
    if (deps.config.staffMfa === 'required' && !account?.totp_secret && own.length === 1) throw new Conflict(messages.lastFactorKept);
    const removed = await passkeys.remove(trx, actor.adminId, id);
    await writeAudit(trx, actor, { action: 'passkey.removed', detail: removed?.name ?? null });
    await queueStaffSecurityNotice(trx, deps.config, {
      actor,
      staff: { id: actor.adminId, username: actor.name },
      event: { kind: 'factor-removed', factor: 'passkey' },
    });
  });
}

/** A challenge for one of the account's passkeys to sign, for a sign-in or a step-up. */
async function assertionOptions(deps: Deps, sessionHash: string | null, adminId: number, purpose: PasskeyPurpose): Promise<PasskeyRequestOptions> {
  const own = await passkeys.passkeysOf(deps.db, adminId);
  if (own.length === 0) throw invalidField('response', messages.noPasskeyYet);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials: own.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) })),
    userVerification: 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await handOutChallenge(deps, sessionHash, purpose, options.challenge);
  return options as PasskeyRequestOptions;
}

/**
 * Checks a passkey's answer to the session's challenge (decision 043): the challenge is taken once;
 * the check is counted like a code's (five wrong in a row lock the account's factors); the passkey
 * must be the account's own, its signature right, and its counter past the stored one, which it
 * then takes in one conditional update (a copied or replayed answer is refused).
 */
async function checkAssertion(deps: Deps, sessionHash: string | null, adminId: number, purpose: PasskeyPurpose, response: AuthenticationResponseJSON) {
  const challenge = await takeChallenge(deps, sessionHash, purpose);
  await reserveFactorCheck(deps, adminId);
  const passkey = await passkeys.findOwn(deps.db, adminId, response.id);
  const rp = relyingParty(deps.config);
  const counter = Number(passkey?.counter ?? 0);
  const verified =
    passkey &&
    (await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    }).catch(() => undefined));
  const accepted =
    passkey &&
    verified?.verified &&
    (await deps.writeTransaction((trx) => passkeys.claimCounter(trx, passkey.id, counter, verified.authenticationInfo.newCounter, nowIso())));
  if (!accepted) throw invalidField('response', messages.passkeyNotAccepted);
  await factorAccepted(deps, adminId);
}

/** `POST /api/admin-login/passkey/options`: a challenge for a sign-in whose password was right. */
export async function signInPasskeyOptions(deps: Deps, actor: Actor) {
  const admin = await pendingSignInAccount(deps, actor);
  return assertionOptions(deps, actor.sessionId, admin.id, 'sign-in');
}

/** `POST /api/admin-login/passkey`: her passkey completes the sign-in in place of a code. */
export async function signInWithPasskey(deps: Deps, actor: Actor, response: AuthenticationResponseJSON, userAgent?: string): Promise<SignedIn<AdminSignIn>> {
  const admin = await pendingSignInAccount(deps, actor);
  await checkAssertion(deps, actor.sessionId, admin.id, 'sign-in', response);
  return completeSignIn(deps, actor, admin, 'with a passkey', userAgent);
}

/** `POST /api/account/step-up/passkey/options`: a challenge for her passkey before a bulk export. */
export const stepUpPasskeyOptions = (deps: Deps, actor: AdminActor) => assertionOptions(deps, actor.sessionId, actor.adminId, 'step-up');

/** `POST /api/account/step-up/passkey`: her passkey given again, so that bulk exports may go ahead for 15 minutes (decision 049). */
export async function stepUpWithPasskey(deps: Deps, actor: AdminActor, response: AuthenticationResponseJSON): Promise<{ message: string }> {
  await checkAssertion(deps, actor.sessionId, actor.adminId, 'step-up', response);
  return steppedUp(deps, actor, 'passkey');
}
