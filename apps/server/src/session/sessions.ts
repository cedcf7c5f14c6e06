import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@school/contract';

import type { Config } from '../core/config.ts';
import type { Db, Executor } from '../db/database.ts';
import { databaseFault } from '../db/database-faults.ts';
import { serverSecret } from '../db/server-secret.ts';
import type { Deps } from '../lib/deps.ts';
import { Forbidden } from '../lib/errors.ts';
import { actorFor, type Actor } from './actor.ts';
import { readSessionAlone } from './preload.ts';
import { hashToken, sessionRepository, type NewSession, type SessionRow, type SessionWithAdmin } from './session-repository.ts';

export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** A visitor's random id (httpOnly), to which her CSRF token is bound by a signature (decision 038). */
export const VISITOR_COOKIE = 'portal_visitor';
/** DESIGN §4: 30 minutes idle (sliding), 12 hours absolute. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most once a minute, so a busy session costs no write per call. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, or null. Only the session layer reads it; features use `actor`. */
    session: SessionWithAdmin | null;
    /** True when the caller presented a session that has timed out (so the answer can say so). */
    sessionEnded: boolean;
    /** Who is calling, built once from the session before anything else runs (decision 012). */
    actor: Actor;
  }
}

const isExpired = (session: SessionRow, now: number) =>
  now - Date.parse(session.last_seen_at) > IDLE_TIMEOUT_MS || now - Date.parse(session.created_at) > ABSOLUTE_TIMEOUT_MS;

function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Loads the session of every request (one indexed read), slides its idle timeout, builds the
 * request's actor, and checks the CSRF token of every mutating call in the style of Sanctum: the
 * X-XSRF-TOKEN header must echo the session's token, which the readable XSRF-TOKEN cookie carries.
 */
export function registerSessions(app: FastifyInstance): void {
  const { db, dialect } = app.deps;
  app.decorateRequest('session', null);
  app.decorateRequest('sessionEnded', false);
  app.decorateRequest('actor', null as never);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    let session: SessionWithAdmin | null = null;
    if (token) {
      // A route's preload comes with the session (decision 033).
      const preload = request.routeOptions.config?.preload;
      const idHash = hashToken(token);
      const read = await (preload ? preload.read(db, dialect, idHash) : readSessionAlone(db, dialect, idHash));
      const found = read?.session;
      const now = Date.now();
      if (found && isExpired(found, now)) {
        await unlessDiskFull(sessionRepository.delete(db, found.id_hash));
        request.sessionEnded = found.kind !== 'guest';
      } else if (found) {
        session = found;
        read.handTo(request);
        if (now - Date.parse(found.last_seen_at) > TOUCH_INTERVAL_MS) {
          const at = new Date(now).toISOString();
          if (await unlessDiskFull(sessionRepository.touch(db, found.id_hash, at))) found.last_seen_at = at;
        }
      } else {
        request.sessionEnded = true;
      }
    }
    request.session = session;
    request.actor = actorFor(session, request);
    const csrf = request.routeOptions.config?.csrf;
    if ((MUTATING.has(request.method) && csrf !== false) || csrf === true) {
      const header = request.headers[CSRF_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      const expected = session ? session.csrf_token : await visitorCsrfToken(db, request.cookies[VISITOR_COOKIE]);
      if (!expected || !tokensMatch(expected, given)) {
        throw new Forbidden(messages.csrfMismatch);
      }
    }
  });
}

/**
 * A session's own bookkeeping (its last-seen time slid, a timed-out row removed) is no part of the
 * call it comes with: on a full disk it is left undone and the call goes on, so that reads are
 * answered (issue 49). A write the call makes is refused by the disk itself. False when left undone.
 */
async function unlessDiskFull(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (databaseFault(error) === 'full') return false;
    throw error;
  }
}

/**
 * Cookies are `Secure` with COOKIE_SECURE, and otherwise whenever the request came over HTTPS: on
 * the socket, or through a trusted proxy that says so in X-Forwarded-Proto (decision 016).
 */
export const secureCookies = (settings: Pick<Config, 'cookieSecure'>): true | 'auto' => settings.cookieSecure || 'auto';

const cookieOptions = (settings: Config) => ({ path: '/', sameSite: 'lax' as const, secure: secureCookies(settings) });

/** Sets the readable XSRF-TOKEN cookie for the session (Sanctum's `/sanctum/csrf-cookie`). */
export function sendCsrfCookie(reply: FastifyReply, settings: Config, session: Pick<SessionRow, 'csrf_token'>): void {
  reply.setCookie(CSRF_COOKIE, session.csrf_token, { ...cookieOptions(settings), httpOnly: false, maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
}

/** A session opened by a service; the route sets its cookies with `answerWithSession`. */
export type OpenedSession = { token: string; row: SessionRow };

/**
 * Opens a session with a new id and CSRF token and ends the caller's previous one (so the
 * pre-sign-in id stops working). Its writes go through `db`, so a sign-in commits them with its
 * audit row; the cookies are the HTTP layer's business (`answerWithSession`).
 */
export async function openSession(db: Executor, actor: Actor, session: NewSession): Promise<OpenedSession> {
  if (actor.sessionId) await sessionRepository.delete(db, actor.sessionId);
  return sessionRepository.create(db, session);
}

/** What a sign-in service answers: the body for the client, and the session whose cookies go with it. */
export type SignedIn<T> = { answer: T; session: OpenedSession };

/** Sets the cookies of the session a service opened, and answers its body. */
export function answerWithSession<T>(reply: FastifyReply, settings: Config, { answer, session }: SignedIn<T>): T {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions(settings), httpOnly: true });
  sendCsrfCookie(reply, settings, session.row);
  return answer;
}

/**
 * A visitor's CSRF token (decision 038): the signature of her visitor id under the portal's key, so
 * that it is checked without anything stored. Null without a well-formed visitor id.
 */
async function visitorCsrfToken(db: Db, visitorId: string | undefined): Promise<string | null> {
  if (!visitorId || !/^[\w-]{22}$/.test(visitorId)) return null;
  return createHmac('sha256', await serverSecret(db))
    .update(`visitor-csrf\n${visitorId}`)
    .digest('base64url');
}

/**
 * Sends the caller the CSRF token her next call must echo (Sanctum's `/sanctum/csrf-cookie`): a
 * session's own, or for a visitor one signed over a random visitor id. A visitor's token writes
 * nothing to the database (decision 038), so calling this without cookies costs no row.
 */
export async function sendCsrfToken(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) return sendCsrfCookie(reply, deps.config, request.session);
  let visitorId = request.cookies[VISITOR_COOKIE];
  let token = await visitorCsrfToken(deps.db, visitorId);
  if (!token) {
    visitorId = randomBytes(16).toString('base64url');
    token = (await visitorCsrfToken(deps.db, visitorId))!;
    reply.setCookie(VISITOR_COOKIE, visitorId, { ...cookieOptions(deps.config), httpOnly: true });
  }
  sendCsrfCookie(reply, deps.config, { csrf_token: token });
}

/** Clears the session cookies after a sign-out (the service has deleted the row). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(VISITOR_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** Clears sessions that timed out; run at start-up and hourly. */
export async function purgeExpiredSessions(app: { deps: Pick<Deps, 'db'> }): Promise<void> {
  const now = Date.now();
  await sessionRepository.deleteExpired(app.deps.db, new Date(now - IDLE_TIMEOUT_MS).toISOString(), new Date(now - ABSOLUTE_TIMEOUT_MS).toISOString());
}
