import { messages, studentIdProblem, type Access } from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Invalid, Unauthorized } from '../lib/errors.ts';
import type { AdminActor, SignedInActor } from './actor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared access and answers, for the access tests and the docs. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Who may call the route (DESIGN §4). Every route declares it; a route without it answers 403. */
    access?: Access;
    /** For 'student-self' routes: the student id the request names (URL or body). */
    studentIdFrom?: (request: FastifyRequest) => unknown;
    /** False only for calls authenticated by other means than the session (none yet). */
    csrf?: boolean;
  }
}

/** A registered route as the tests see it: who may call it, which status codes its response schemas describe, and whether it serves a file of the built web app. */
export type RouteEntry = { method: string; url: string; access: Access | undefined; responses: string[]; webAppFile: boolean };

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

const notSignedIn = (request: FastifyRequest) => new Unauthorized(request.sessionEnded ? SESSION_ENDED_MESSAGE : messages.signInToContinue);

/**
 * Enforces each route's declared access before the request is validated or handled:
 * - visitor: anyone;
 * - restricted: any signed-in user, even one who must still change a first password;
 * - signed-in: a student or an admin with a full session;
 * - student-self: an admin, or the student the request names;
 * - admin: an admin with a full session.
 */
export function registerAccessControl(app: FastifyInstance): void {
  // Files of the built web app (registered by the static plugin with `config.file`) are public.
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { file?: string; access?: Access };
    if (config.file && !config.access) route.config = { ...config, access: 'visitor' } as never;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read when asked: hooks of a plugin's own scope may still complete the route after this one.
      app.routeTable.push({
        method,
        url: route.url,
        get access() {
          return (route.config as { access?: Access } | undefined)?.access;
        },
        get responses() {
          return Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
        },
        webAppFile: Boolean(config.file),
      });
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config?.access;
    if (!access) throw new Forbidden('This call is not available.');
    if (access === 'visitor') return;

    const actor = request.actor;
    if (actor.kind === 'visitor' && !actor.restricted) throw notSignedIn(request);
    if (access === 'restricted') return;
    if (actor.kind === 'visitor') throw new Forbidden('Please set a new password first.');

    if (access === 'admin') {
      if (actor.kind !== 'admin') throw new Forbidden(messages.adminsOnly);
      return;
    }
    if (access === 'student-self' && actor.kind === 'student') {
      const named = request.routeOptions.config.studentIdFrom?.(request);
      // Left out, the route's schema asks for it. Given, it must be an ID by the contract's one rule:
      // null, a number or an object is refused, never turned into text that could name someone.
      if (named === undefined) return;
      const problem = studentIdProblem(named);
      if (problem) throw new Invalid(problem, { id: [problem] });
      if ((named as string).trim() !== actor.studentId) {
        throw new Forbidden(messages.onlyOwnRecords);
      }
    }
  });
}

/** The caller as an admin: the route's access is `admin`, so anyone else was refused before the handler ran. */
export function adminActor(request: FastifyRequest): AdminActor {
  if (request.actor.kind !== 'admin') throw new Forbidden(messages.adminsOnly);
  return request.actor;
}

/** The caller as a signed-in student or admin: for `signed-in` and `student-self` routes. */
export function signedInActor(request: FastifyRequest): SignedInActor {
  if (request.actor.kind === 'visitor') throw notSignedIn(request);
  return request.actor;
}
