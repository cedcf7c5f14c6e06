import { classBoundRoles, messages, reachesClass, roleMay, studentIdProblem, type Access, type Permission } from '@school/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, Invalid, NotFound, Unauthorized } from '../lib/errors.ts';
import { accessRepository } from './access-repository.ts';
import type { AdminActor, FamilyActor, GuardianActor, SignedInActor } from './actor.ts';
import { requireEnrolledFactor } from './second-factor-enrolment.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its declared access and answers, for the access tests and the docs. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Who may call the route (DESIGN §4, decisions 003 and 048). Every route declares it; a route without it answers 403. */
    access?: Access;
    /**
     * For `self or …` and `family or …` routes: the student id the request names (URL or body). It
     * may answer a promise: a multipart body that names her is read first (`receiveUploadOnce`),
     * once the caller is known to be signed in.
     */
    studentIdFrom?: (request: FastifyRequest, reply: FastifyReply) => unknown;
    /** For class routes: the class the request names, which a class-bound role must have among hers. */
    classIdFrom?: (request: FastifyRequest) => unknown;
    /**
     * Whether the call must echo the CSRF token: unset, every mutating call does; true, a read does
     * too (one that must not be scripted without first taking a token, decision 058); false only
     * for calls authenticated by other means than the session.
     */
    csrf?: boolean;
  }
}

/**
 * A registered route as the tests see it: who may call it, whether it names a student for the access
 * check (`studentIdFrom`), which status codes its response schemas describe, and whether it serves a
 * file of the built web app.
 */
export type RouteEntry = { method: string; url: string; access: Access | undefined; namesStudent: boolean; responses: string[]; webAppFile: boolean };

const notSignedIn = (request: FastifyRequest) => new Unauthorized(request.sessionEnded ? messages.sessionEnded : messages.signInToContinue);

/**
 * A staff access split into its permission, whether the student the request names may call it too
 * (`self or …`, `family or …`), and whether her linked guardians may (`family or …`).
 */
export function readAccess(access: Access): { permission: Permission; self: boolean; family: boolean } | null {
  if (access === 'visitor' || access === 'restricted' || access === 'signed-in' || access === 'guardian') return null;
  for (const [prefix, family] of [
    ['self or ', false],
    ['family or ', true],
  ] as const)
    if (access.startsWith(prefix)) return { permission: access.slice(prefix.length) as Permission, self: true, family };
  return { permission: access as Permission, self: false, family: false };
}

/**
 * A guardian's reach (decision 063): her own calls (`guardian`), and the `family or …` calls about a
 * daughter she has a live, unrestricted link to. Any other call that names a student, and a
 * `family or …` call about a girl she is not linked to (or whose link is restricted or revoked),
 * answers 404, as for a girl who does not exist: the portal never tells her whether a girl is a
 * student. The rest of the staff's and students' calls are refused.
 */
async function checkGuardian(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, actor: GuardianActor, access: Access): Promise<void> {
  if (access === 'guardian') return;
  const staffAccess = readAccess(access);
  const named = await request.routeOptions.config?.studentIdFrom?.(request, reply);
  if (staffAccess?.family && named !== undefined && (await accessRepository.guardianSees(app.deps.db, actor.guardianId, namedStudentId(named)))) return;
  // A staff call that names a girl answers as one about a girl who does not exist, too.
  if (staffAccess?.self || named !== undefined) throw new NotFound();
  throw new Forbidden(messages.callNotAvailable);
}

/** A student id as the request names it, by the contract's one rule: null, a number or an object is refused, never turned into text that could name someone. */
function namedStudentId(named: unknown): string {
  const problem = studentIdProblem(named);
  if (problem) throw new Invalid(problem, { id: [problem] });
  return (named as string).trim();
}

/**
 * Enforces each route's declared access before the request is validated or handled:
 * - visitor: anyone;
 * - restricted: any signed-in user, even one who must still change a first password;
 * - signed-in: a student or a staff member with a full session;
 * - a permission: a staff member whose role has it (decision 048);
 * - `self or <permission>`: the student the request names, or staff whose role has the permission.
 * - `family or <permission>`: as `self or …`, and her guardians with a live, unrestricted link (decision 063);
 * - guardian: a signed-in guardian's own calls. A guardian reaches nothing else (`checkGuardian`).
 * Admin and office staff who must set up a second factor first (STAFF_MFA=required) may call only
 * the visitor's calls and those that set one up (decision 043).
 * A class-bound role (a teacher) reaches only the classes assigned to her, and their students.
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
        get namesStudent() {
          return Boolean((route.config as { studentIdFrom?: unknown } | undefined)?.studentIdFrom);
        },
        get responses() {
          return Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
        },
        webAppFile: Boolean(config.file),
      });
    }
  });

  app.addHook('preValidation', async (request, reply) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) throw new Forbidden(messages.callNotAvailable);
    if (access === 'visitor') return;

    const actor = request.actor;
    if (actor.kind === 'visitor' && !actor.restricted) throw notSignedIn(request);
    if (actor.kind === 'guardian') return checkGuardian(app, request, reply, actor, access);
    if (access === 'guardian') throw new Forbidden(messages.callNotAvailable);
    requireEnrolledFactor(request, app.deps.config.staffMfa);
    if (access === 'restricted') return;
    if (actor.kind === 'visitor') throw new Forbidden(messages.setNewPasswordFirst);
    const staffAccess = readAccess(access);
    if (!staffAccess) return;

    const named = await config.studentIdFrom?.(request, reply);
    if (actor.kind === 'student') {
      if (!staffAccess.self) throw new Forbidden(messages.adminsOnly);
      // Left out, the route's schema asks for it (or its service checks the student it names).
      if (named !== undefined && namedStudentId(named) !== actor.studentId) throw new Forbidden(messages.onlyOwnRecords);
      return;
    }
    if (!roleMay(actor.role, staffAccess.permission)) throw new Forbidden(messages.roleNotAllowed);
    if (!classBoundRoles.includes(actor.role)) return;
    const namedClass = config.classIdFrom?.(request);
    if (namedClass !== undefined && !reachesClass(actor, typeof namedClass === 'string' ? namedClass : null)) throw new Forbidden(messages.notYourClass);
    if (named !== undefined && !reachesClass(actor, await accessRepository.classOfStudent(app.deps.db, namedStudentId(named))))
      throw new Forbidden(messages.notYourClass);
  });
}

/** The student a route names by its `:id` path parameter, for `studentIdFrom` and the record-read guard. */
export const studentOfParams = (request: FastifyRequest): string | undefined => (request.params as { id?: string }).id;

/** The caller as a staff member: the route's access names a permission, so anyone else was refused before the handler ran. */
export function adminActor(request: FastifyRequest): AdminActor {
  if (request.actor.kind !== 'admin') throw new Forbidden(messages.adminsOnly);
  return request.actor;
}

/** The caller as a signed-in student or staff member: for `signed-in` and `self or …` routes. */
export function signedInActor(request: FastifyRequest): SignedInActor {
  if (request.actor.kind === 'visitor' || request.actor.kind === 'guardian') throw notSignedIn(request);
  return request.actor;
}

/**
 * The caller of a `family or …` route: the student named, staff, or a guardian the access check let
 * through for this student (decision 063). Services treat a guardian as the student herself: posted
 * reports only.
 */
export function familyActor(request: FastifyRequest): FamilyActor {
  if (request.actor.kind === 'visitor') throw notSignedIn(request);
  return request.actor;
}

/** The caller as a signed-in guardian: for `guardian` routes. */
export function guardianActor(request: FastifyRequest): GuardianActor {
  if (request.actor.kind !== 'guardian') throw new Forbidden(messages.callNotAvailable);
  return request.actor;
}
