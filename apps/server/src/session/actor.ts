import type { StaffRole } from '@school/contract';
import type { SessionWithAdmin } from './session-repository.ts';

/** Facts about the request that the audit log and the throttles record beside who made it. */
export type RequestFacts = {
  /** The caller's address as Fastify reads it (TRUST_PROXY decides whether a proxy's header counts). */
  ip: string;
  /** The address the per-address limits count the caller under (an IPv6 caller by her /64, decision 038). */
  address: string;
  /** The request's id, as in the server's log lines. */
  requestId: string;
  /** SHA-256 of the caller's session id, or null without a session: sign-in replaces that session, a password change keeps it. */
  sessionId: string | null;
};

/** A signed-in student. */
export type StudentIdentity = { kind: 'student'; studentId: string };
/**
 * A signed-in staff member (decision 048); `name` is the username, as the audit log records it.
 * Her role and classes are read with her session on every request, so a change counts at once.
 */
export type AdminIdentity = { kind: 'admin'; adminId: number; name: string; role: StaffRole; classes: string[] };

/** A signed-in parent or guardian (decision 062); `publicId` is the ID URLs and answers name her by. */
export type GuardianIdentity = { kind: 'guardian'; guardianId: number; publicId: string; name: string };

export type StudentActor = StudentIdentity & RequestFacts;
export type GuardianActor = GuardianIdentity & RequestFacts;
export type AdminActor = AdminIdentity & RequestFacts;
/**
 * Anyone without a full session. `restricted` is the account of a restricted session: it signed
 * in (a student with her date of birth, an admin with a one-time password) and may only set a new
 * password or sign out (DESIGN §4). Null for a true visitor.
 */
export type VisitorActor = { kind: 'visitor'; restricted: StudentIdentity | AdminIdentity | null } & RequestFacts;

/**
 * Who is calling, built once per request from the session (`request.actor`). Routes pass it to
 * services as their first argument after `deps`; services and repositories never see the request.
 */
export type Actor = StudentActor | AdminActor | GuardianActor | VisitorActor;
export type SignedInActor = StudentActor | AdminActor;
/** Whoever may call a `family or …` route (decision 063): the student, staff, or one of her guardians. */
export type FamilyActor = SignedInActor | GuardianActor;

/** A staff account's classes as stored (class IDs joined by commas). */
export const classesOf = (stored: string | null | undefined): string[] => (stored ? stored.split(',') : []);

/** The identity a session stands for; a staff or guardian session whose account is gone or disabled stands for nobody. */
function identityOf(session: SessionWithAdmin | null): StudentIdentity | AdminIdentity | GuardianIdentity | null {
  if (session?.kind === 'student' && session.student_id) return { kind: 'student', studentId: session.student_id };
  if (session?.kind === 'guardian' && session.guardian_id != null && session.guardian_public_id && session.guardian_name && !session.guardian_disabled)
    return { kind: 'guardian', guardianId: session.guardian_id, publicId: session.guardian_public_id, name: session.guardian_name };
  if (session?.kind === 'admin' && session.admin_id !== null && session.admin_name && !session.admin_disabled)
    return {
      kind: 'admin',
      adminId: session.admin_id,
      name: session.admin_name,
      role: session.admin_role ?? 'admin',
      classes: classesOf(session.admin_classes),
    };
  return null;
}

/** The actor of a request with this session (or none). */
export function actorFor(session: SessionWithAdmin | null, request: { ip: string; address: string; id: string }): Actor {
  const facts: RequestFacts = { ip: request.ip, address: request.address, requestId: request.id, sessionId: session?.id_hash ?? null };
  const identity = identityOf(session);
  if (!identity) return { kind: 'visitor', restricted: null, ...facts };
  // A guardian's session is never restricted: she chose her own password from the start.
  if (identity.kind === 'guardian') return { ...identity, ...facts };
  if (session?.restricted === 1) return { kind: 'visitor', restricted: identity, ...facts };
  return { ...identity, ...facts };
}

/** The student or staff account behind the actor, full or restricted; null for a visitor who has not signed in, and for a guardian. */
export function accountOf(actor: Actor): StudentIdentity | AdminIdentity | null {
  if (actor.kind === 'visitor') return actor.restricted;
  if (actor.kind === 'guardian') return null;
  return actor.kind === 'student'
    ? { kind: 'student', studentId: actor.studentId }
    : { kind: 'admin', adminId: actor.adminId, name: actor.name, role: actor.role, classes: actor.classes };
}

/** The same request acting as `identity`: for what a sign-in or a restricted session writes in the account's name. */
export function actingAs<T extends StudentIdentity | AdminIdentity | GuardianIdentity>(actor: Actor, identity: T): T & RequestFacts {
  return { ...identity, ip: actor.ip, address: actor.address, requestId: actor.requestId, sessionId: actor.sessionId };
}
