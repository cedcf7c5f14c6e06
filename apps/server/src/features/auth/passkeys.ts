import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { messages, type AddPasskeyRequest, type PasskeyCreationOptions, type PasskeyList, type PasskeyRequestOptions } from '@school/contract';
import type { Config } from '../../core/config.ts';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField, NotFound, Unauthorized } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { passkeyRepository as passkeys, type PasskeyPurpose } from './passkey-repository.ts';
import { factorAccepted, reserveFactorCheck, type FactorAccount, type FactorOwner } from './second-factor.ts';

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

/** The address a page opened elsewhere is sent to: PORTAL_URL's origin, or null when it is not set (and only the administrator can help). */
const portalAddress = (config: Config): string | null => (config.portalUrlSet ? relyingParty(config).origin : null);

const transportsOf = (stored: string) => (stored ? stored.split(',') : []);

/** The handle a passkey knows its account by: its kind and number (`staff-3`, `guardian-3`), no name. */
const userHandle = (owner: FactorOwner) => new TextEncoder().encode(`${owner.kind}-${owner.id}`);

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

/** What her browser needs to make a passkey of her account for this portal (`POST /api/account/passkeys/options` and the guardian's own). */
export async function passkeyCreationOptions(deps: Deps, account: FactorAccount): Promise<PasskeyCreationOptions> {
  const rp = relyingParty(deps.config);
  const existing = await passkeys.passkeysOf(deps.db, account.owner);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: account.label,
    userID: userHandle(account.owner),
    userDisplayName: account.label,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await handOutChallenge(deps, account.actor.sessionId, 'register', options.challenge);
  return { ...options, portal_url: portalAddress(deps.config) } as PasskeyCreationOptions;
}

/** Her passkeys, oldest first. */
export async function listPasskeys(deps: Pick<Deps, 'db'>, owner: FactorOwner): Promise<PasskeyList> {
  const rows = await passkeys.passkeysOf(deps.db, owner);
  return { passkeys: rows.map(({ id, name, created_at, last_used_at }) => ({ id: Number(id), name, created_at, last_used_at })) };
}

/** The passkey her browser made for the challenge it was given becomes one of her factors; she is told by her security notice. */
export async function addPasskey(deps: Deps, account: FactorAccount, body: AddPasskeyRequest): Promise<PasskeyList> {
  const challenge = await takeChallenge(deps, account.actor.sessionId, 'register');
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
    const stored = await passkeys.add(trx, account.owner, {
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name,
      created_at: nowIso(),
    });
    if (stored) {
      await writeAudit(trx, account.actor, { action: 'passkey.added', detail: name });
      await account.notify(trx, { kind: 'factor-added', factor: 'passkey' });
    }
    return stored;
  });
  if (!added) throw new Conflict(messages.passkeyAddedAlready);
  return listPasskeys(deps, account.owner);
}

/**
 * Removes one of her passkeys; she is told by her security notice. With `lastKept` her last second
 * factor (her only passkey, with no app) stays, refused with it (409); her account is locked while
 * this is decided, so two removals at once cannot take both of her last two.
 */
export async function removePasskey(deps: Deps, account: FactorAccount, id: number, { lastKept }: { lastKept: Conflict | null }): Promise<void> {
  await deps.writeTransaction(async (trx) => {
    const row = await passkeys.lockAccount(trx, account.owner);
    const own = await passkeys.passkeysOf(trx, account.owner);
    if (!own.some((passkey) => Number(passkey.id) === id)) throw new NotFound(messages.noSuchPasskey);
    if (lastKept && !row?.totp_secret && own.length === 1) throw lastKept;
    const removed = await passkeys.remove(trx, account.owner, id);
    await writeAudit(trx, account.actor, { action: 'passkey.removed', detail: removed?.name ?? null });
    await account.notify(trx, { kind: 'factor-removed', factor: 'passkey' });
  });
}

/** A challenge for one of the account's passkeys to sign, for a sign-in or a step-up. */
export async function passkeyAssertionOptions(
  deps: Deps,
  sessionHash: string | null,
  owner: FactorOwner,
  purpose: PasskeyPurpose,
): Promise<PasskeyRequestOptions> {
  const own = await passkeys.passkeysOf(deps.db, owner);
  if (own.length === 0) throw invalidField('response', messages.noPasskeyYet);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials: own.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey.transports) })),
    userVerification: 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await handOutChallenge(deps, sessionHash, purpose, options.challenge);
  return { ...options, portal_url: portalAddress(deps.config) } as PasskeyRequestOptions;
}

/**
 * Checks a passkey's answer to the session's challenge (decision 043): the challenge is taken once;
 * the check is counted like a code's (five wrong in a row lock the account's factors); the passkey
 * must be the account's own, its signature right, and its counter past the stored one, which it
 * then takes in one conditional update (a copied or replayed answer is refused).
 */
export async function checkPasskeyAssertion(
  deps: Deps,
  sessionHash: string | null,
  owner: FactorOwner,
  purpose: PasskeyPurpose,
  response: AuthenticationResponseJSON,
): Promise<void> {
  const challenge = await takeChallenge(deps, sessionHash, purpose);
  await reserveFactorCheck(deps, owner);
  const passkey = await passkeys.findOwn(deps.db, owner, response.id);
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
    (await deps.writeTransaction((trx) => passkeys.claimCounter(trx, owner, passkey.id, counter, verified.authenticationInfo.newCounter, nowIso())));
  if (!accepted) throw invalidField('response', messages.passkeyNotAccepted);
  await factorAccepted(deps, owner);
}
