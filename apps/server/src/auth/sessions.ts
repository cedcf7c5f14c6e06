import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Executor } from '../db/database.ts';
import { Forbidden } from '../lib/errors.ts';
import { sessionRepository, type NewSession, type SessionRow } from './session-repository.ts';

export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** DESIGN §4: 30 minutes idle (sliding), 12 hours absolute. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most once a minute, so a busy session costs no write per call. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, or null. */
    session: SessionRow | null;
    /** True when the caller presented a session that has timed out (so the answer can say so). */
    sessionEnded: boolean;
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
 * Loads the session of every request (one indexed read), slides its idle timeout, and checks the
 * CSRF token of every mutating call in the style of Sanctum: the X-XSRF-TOKEN header must echo
 * the session's token, which the readable XSRF-TOKEN cookie carries.
 */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionEnded', false);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await sessionRepository.findByToken(app.db, token);
      const now = Date.now();
      if (session && isExpired(session, now)) {
        await sessionRepository.delete(app.db, session.id_hash);
        request.sessionEnded = session.kind !== 'guest';
      } else if (session) {
        request.session = session;
        if (now - Date.parse(session.last_seen_at) > TOUCH_INTERVAL_MS) {
          const at = new Date(now).toISOString();
          await sessionRepository.touch(app.db, session.id_hash, at);
          session.last_seen_at = at;
        }
      } else {
        request.sessionEnded = true;
      }
    }
    if (MUTATING.has(request.method) && request.routeOptions.config?.csrf !== false) {
      const header = request.headers[CSRF_HEADER];
      if (!request.session || !tokensMatch(request.session.csrf_token, Array.isArray(header) ? header[0] : header)) {
        throw new Forbidden('CSRF token mismatch. Please reload the page and try again.');
      }
    }
  });
}

function cookieOptions(app: FastifyInstance) {
  return { path: '/', sameSite: 'lax' as const, secure: app.settings.cookieSecure };
}

/** Sets the readable XSRF-TOKEN cookie for the session (Sanctum's `/sanctum/csrf-cookie`). */
export function sendCsrfCookie(app: FastifyInstance, reply: FastifyReply, session: SessionRow): void {
  reply.setCookie(CSRF_COOKIE, session.csrf_token, { ...cookieOptions(app), httpOnly: false, maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
}

/**
 * Starts a session with a new id and CSRF token; the caller's previous session stops working.
 * Its writes go through `db`, so a sign-in can commit them with its audit row.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  db: Executor = app.db,
): Promise<SessionRow> {
  if (request.session) await sessionRepository.delete(db, request.session.id_hash);
  const { token, row } = await sessionRepository.create(db, session);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(app), httpOnly: true });
  sendCsrfCookie(app, reply, row);
  request.session = row;
  return row;
}

/** Ensures the visitor has a (guest) session to carry a CSRF token before signing in. */
export async function ensureGuestSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
  if (request.session) return request.session;
  return app.writeTransaction((trx) =>
    startSession(app, request, reply, { kind: 'guest', student_id: null, admin_id: null, restricted: 0, ip: request.ip }, trx),
  );
}

export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, db: Executor = app.db): Promise<void> {
  if (request.session) await sessionRepository.delete(db, request.session.id_hash);
  request.session = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** Clears sessions that timed out; run at start-up and hourly. */
export async function purgeExpiredSessions(app: FastifyInstance): Promise<void> {
  const now = Date.now();
  await sessionRepository.deleteExpired(app.db, new Date(now - IDLE_TIMEOUT_MS).toISOString(), new Date(now - ABSOLUTE_TIMEOUT_MS).toISOString());
}
