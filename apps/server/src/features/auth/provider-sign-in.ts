import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecondFactorKind } from '@school/contract';
import * as client from 'openid-client';
import type { ProviderSettings } from '../../core/config.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { serverSecret } from '../../db/server-secret.ts';
import type { Deps } from '../../lib/deps.ts';
import { actingAs, type Actor } from '../../session/actor.ts';
import { openSession, type OpenedSession } from '../../session/sessions.ts';
import { STEP_UP_MINUTES } from '../../session/step-up.ts';
import { writeAudit } from '../audit/index.ts';
import { queueStaffSecurityNotice } from '../notifications/index.ts';
import { deviceName } from './device-names.ts';
import { authRepository } from './repository.ts';
import { schoolAccountRepository } from './school-account-repository.ts';
import { secondFactorKinds } from './second-factor.ts';
import { staffIdentity } from './service.ts';
import { signInActions } from './throttle.ts';

/** The short-lived, signed, HttpOnly cookie that carries a sign-in from the start call to the callback (decision 076). */
export const PROVIDER_FLOW_COOKIE = 'portal_oidc';
export const PROVIDER_FLOW_PATH = '/api/auth/oidc';
/** How long a sign-in may stay at the provider before its callback is refused. */
export const PROVIDER_FLOW_SECONDS = 10 * 60;
/** How far the provider's clock may be from ours: an ID token issued further off is refused. */
export const PROVIDER_CLOCK_TOLERANCE_SECONDS = 5 * 60;

/** Why a sign-in with the provider came back refused: the code the callback puts in the sign-in screen's address. */
export type ProviderProblem = 'unknown' | 'unverified' | 'refused' | 'failed' | 'not-allowed' | 'throttled';

export class ProviderRefusal extends Error {
  constructor(
    readonly problem: ProviderProblem,
    readonly detail: string,
    readonly attempted: string | null = null,
  ) {
    super(detail);
  }
}

/** Who signs in with the provider: a staff member at `/admin`, a student at `/`, a parent or guardian at `/parents`. */
export type ProviderKind = 'staff' | 'student' | 'guardian';

/** What the start call keeps for the callback: who signs in, and the state, nonce and PKCE verifier of her sign-in. */
export type ProviderFlow = { for: ProviderKind; state: string; nonce: string; verifier: string; expires: number };

async function flowSignature(db: Db, body: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db))
    .update(`provider-flow\n${body}`)
    .digest('base64url');
}

/** The flow as the cookie carries it: its JSON and the signature of it under the portal's key. */
export async function signFlow(db: Db, flow: ProviderFlow): Promise<string> {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${await flowSignature(db, body)}`;
}

/** The flow of a cookie whose signature holds and which has not expired, or null. */
export async function readFlow(db: Db, cookie: string | undefined, now = Date.now()): Promise<ProviderFlow | null> {
  const [body, signature, ...rest] = (cookie ?? '').split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(await flowSignature(db, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ProviderFlow;
    return typeof flow.expires === 'number' && flow.expires > now ? flow : null;
  } catch {
    return null;
  }
}

/** The provider's configuration, found once from its discovery document (its keys fetched and cached by the library); found again after a failure. */
const discovered = new WeakMap<ProviderSettings, Promise<client.Configuration>>();

function providerConfiguration(settings: ProviderSettings): Promise<client.Configuration> {
  const known = discovered.get(settings);
  if (known) return known;
  const issuer = new URL(settings.issuer);
  const found = client.discovery(
    issuer,
    settings.clientId,
    { client_secret: settings.clientSecret, [client.clockTolerance]: PROVIDER_CLOCK_TOLERANCE_SECONDS },
    client.ClientSecretPost(settings.clientSecret),
    {
      // A provider on plain HTTP is one on this machine (the test suite's); a school's is always HTTPS.
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      timeout: 10,
    },
  );
  found.catch(() => discovered.delete(settings));
  discovered.set(settings, found);
  return found;
}

const callbackUrl = (deps: Deps) => `${deps.config.portalUrl}${PROVIDER_FLOW_PATH}/callback`;

/** `GET /api/auth/oidc/start`: the provider's sign-in address, and the flow its callback must find. */
export async function startProviderSignIn(deps: Deps, settings: ProviderSettings, kind: ProviderKind): Promise<{ location: string; flow: ProviderFlow }> {
  const configuration = await providerConfiguration(settings);
  const flow: ProviderFlow = {
    for: kind,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    expires: Date.now() + PROVIDER_FLOW_SECONDS * 1000,
  };
  const location = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(deps),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { location: location.href, flow };
}

/** What the portal reads of the provider's ID token. */
export type ProviderClaims = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  /** The provider said the sign-in used more than one factor (`amr` holds `mfa`, or the configured `acr`). */
  multiFactor: boolean;
  /** When she signed in at the provider (ISO-8601). */
  authTime: string;
};

/**
 * The callback's code exchanged for the ID token (PKCE, state and nonce checked by the library,
 * the token's signature against the provider's keys), and its claims; a refusal otherwise. No
 * refresh token is kept: the tokens go no further than this function.
 */
export async function finishProviderSignIn(deps: Deps, settings: ProviderSettings, flow: ProviderFlow, currentUrl: URL): Promise<ProviderClaims> {
  const error = currentUrl.searchParams.get('error');
  if (error) throw new ProviderRefusal('refused', `the provider answered ${error.slice(0, 60)}`);
  const configuration = await providerConfiguration(settings);
  // The provider sends her back to the portal's own address, whatever the address this request reached.
  const answered = new URL(callbackUrl(deps));
  answered.search = currentUrl.search;
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, answered, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (caught) {
    throw new ProviderRefusal('failed', `the provider's answer was refused (${whyRefused(caught)})`);
  }
  if (!claims) throw new ProviderRefusal('failed', 'the provider sent no ID token');
  const now = Date.now() / 1000;
  if (Math.abs(now - claims.iat) > PROVIDER_CLOCK_TOLERANCE_SECONDS)
    throw new ProviderRefusal('failed', `the provider's clock is ${Math.round((claims.iat - now) / 60)} minutes from the portal's`);
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true || claims.xms_edov === 'true';
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
    emailVerified,
    multiFactor: amr.includes('mfa') || (settings.acr !== null && claims.acr === settings.acr),
    authTime: new Date(Math.min(now, typeof claims.auth_time === 'number' ? claims.auth_time : claims.iat) * 1000).toISOString(),
  };
}

/** What the library said of an answer it refused: its words, and those of the error under it (which name the claim found wrong). */
function whyRefused(caught: unknown): string {
  if (!(caught instanceof Error)) return 'unknown error';
  const under = caught.cause instanceof Error && caught.cause.message !== caught.message ? `: ${caught.cause.message}` : '';
  return `${caught.message}${under}`.slice(0, 200);
}

/** A sign-in with the provider that completed: her session, and the factors a waiting sign-in asks for (none when it is open). */
export type ProviderSignedIn = { session: OpenedSession; waitingFor: SecondFactorKind[] };

/** One kind of account's sign-in with the provider, once its claims are checked: matched to an existing account, or a ProviderRefusal. */
export type ProviderSignIn = (
  deps: Deps,
  actor: Actor,
  settings: ProviderSettings,
  claims: ProviderClaims,
  userAgent: string | undefined,
) => Promise<ProviderSignedIn>;

/**
 * Matches the provider's account to an existing staff account (decision 076): by the provider's
 * `sub` once linked, else by its verified e-mail address against her notice address, which links
 * it. Never creates an account. The provider's multi-factor sign-in counts as her second factor
 * while recent; without it, an account with a factor of its own waits for it, as after a password.
 */
export const signInStaffWithProvider: ProviderSignIn = async (deps, actor, settings, claims, userAgent) => {
  const staff = await matchStaff(deps, claims);
  if (staff.disabled === 1) throw new ProviderRefusal('refused', 'the account is disabled', staff.username);
  return deps.writeTransaction(async (trx) => {
    const now = nowIso();
    await authRepository.noteProviderSignIn(trx, staff.id, claims.sub, now);
    const waitingFor = claims.multiFactor ? [] : await secondFactorKinds(trx, { kind: 'staff', id: staff.id }, staff.totp_secret);
    const providerFactor = claims.multiFactor && Date.now() - Date.parse(claims.authTime) < STEP_UP_MINUTES * 60_000;
    const session = await openSession(trx, actor, {
      kind: waitingFor.length > 0 ? 'guest' : 'admin',
      student_id: null,
      admin_id: staff.id,
      // Her password is not asked, so a one-time password waiting to be changed does not hold her back.
      restricted: 0,
      ip: actor.ip,
      device: deviceName(userAgent),
      second_factor_at: providerFactor ? claims.authTime : null,
      provider_factor: providerFactor ? 1 : 0,
      enrolment_verified_at: null,
    });
    const how = `with ${settings.name}${claims.multiFactor ? ' (more than one factor)' : ''}`;
    await writeAudit(trx, actingAs(actor, staffIdentity(staff)), {
      action: waitingFor.length > 0 ? 'admin.password-accepted' : signInActions.SUCCEEDED.admin,
      detail: waitingFor.length > 0 ? `${how}, waiting for the second factor` : how,
    });
    if (waitingFor.length === 0)
      await queueStaffSecurityNotice(trx, deps.config, {
        actor: actingAs(actor, staffIdentity(staff)),
        staff,
        event: { kind: 'signed-in', device: deviceName(userAgent) },
      });
    return { session, waitingFor };
  });
};

/**
 * Matches the provider's account to a student by her school account (decision 076), which the
 * office set or imported, never the address she typed in her record: by the provider's `sub` once
 * linked, else by its verified address, which links it. A student who has left is refused. She
 * gets the session her password would give; her date of birth, while she has not chosen a
 * password, still signs her in as before, and she is not asked to choose one.
 */
export const signInStudentWithProvider: ProviderSignIn = async (deps, actor, settings, claims) => {
  const account = await matchProviderAccount(claims, {
    bySubject: (subject) => schoolAccountRepository.bySubject(deps.db, subject),
    byEmail: (email) => schoolAccountRepository.byAccount(deps.db, email),
  });
  const student = await authRepository.findStudentLogin(deps.db, account.student_id);
  if (!student) throw new ProviderRefusal('unknown', 'no student has this school account', claims.email);
  if (student.left_on) throw new ProviderRefusal('refused', 'she has left the school', account.account);
  return deps.writeTransaction(async (trx) => {
    await schoolAccountRepository.noteSignIn(trx, student.id, claims.sub, nowIso());
    const session = await openSession(trx, actor, { kind: 'student', student_id: student.id, admin_id: null, restricted: 0, ip: actor.ip });
    await writeAudit(trx, actingAs(actor, { kind: 'student', studentId: student.id }), {
      action: signInActions.SUCCEEDED.student,
      studentId: student.id,
      detail: `with ${settings.name}`,
    });
    return { session, waitingFor: [] };
  });
};

/**
 * The existing account a provider sign-in is for (decision 076): the one linked to its `sub`, else
 * the only one whose address is its e-mail address when the provider has verified it and the
 * account is linked to no other provider account. A refusal otherwise; never a new account.
 */
export async function matchProviderAccount<T extends { provider_subject?: string | null }>(
  claims: ProviderClaims,
  find: { bySubject: (subject: string) => Promise<T | undefined>; byEmail: (email: string) => Promise<T[]> },
): Promise<T> {
  const linked = await find.bySubject(claims.sub);
  if (linked) return linked;
  if (!claims.email) throw new ProviderRefusal('unverified', 'the provider gave no e-mail address');
  if (!claims.emailVerified) throw new ProviderRefusal('unverified', 'the provider has not verified the e-mail address', claims.email);
  const matches = await find.byEmail(claims.email);
  if (matches.length !== 1)
    throw new ProviderRefusal('unknown', matches.length === 0 ? 'no account has this address' : 'more than one account has this address', claims.email);
  // An account linked to another provider account is not taken over by an address that matches it.
  if (matches[0]!.provider_subject) throw new ProviderRefusal('unknown', 'the account is linked to another account at the provider', claims.email);
  return matches[0]!;
}

const matchStaff = (deps: Deps, claims: ProviderClaims) =>
  matchProviderAccount(claims, {
    bySubject: (subject) => authRepository.findAdminByProviderSubject(deps.db, subject),
    byEmail: (email) => authRepository.findAdminsByNoticeAddress(deps.db, email),
  });
