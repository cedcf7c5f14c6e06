import type { StaffRole } from '@school/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../core/config.ts';
import { EnrolmentRequired } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True for the calls that set up a second factor: the only ones open to staff who must enrol one first (decision 043). */
    enrolsSecondFactor?: boolean;
  }
}

/** The roles STAFF_MFA=required asks to set up a second factor before anything else; a teacher, who reads only her classes, is not asked. */
export const rolesThatMustEnrol: readonly StaffRole[] = ['admin', 'office'];

/** Whether a staff member must set up a second factor before she may do anything else (decision 043). */
export const mustEnrolSecondFactor = (staffMfa: Config['staffMfa'], staff: { role: StaffRole; hasFactor: boolean }): boolean =>
  staffMfa === 'required' && rolesThatMustEnrol.includes(staff.role) && !staff.hasFactor;

/**
 * Whether the session's staff member has a second factor: one of her own on her account, or the
 * school's provider said this session's sign-in used more than one (decision 076).
 */
export const sessionHasFactor = (session: { admin_has_factor?: number | null; provider_factor?: number } | null | undefined): boolean =>
  Boolean(session?.admin_has_factor) || Number(session?.provider_factor ?? 0) === 1;

/**
 * Refuses a signed-in staff member who must set up a second factor first every call but those that
 * set one up (403 `enrolment_required`); the access check runs it for every call that is not a
 * visitor's, so sign-out and the session call stay open. Her factor is read with her session.
 */
export function requireEnrolledFactor(request: FastifyRequest, staffMfa: Config['staffMfa']): void {
  const { actor, session } = request;
  if (actor.kind !== 'admin' || request.routeOptions.config?.enrolsSecondFactor) return;
  if (mustEnrolSecondFactor(staffMfa, { role: actor.role, hasFactor: sessionHasFactor(session) })) throw new EnrolmentRequired();
}
