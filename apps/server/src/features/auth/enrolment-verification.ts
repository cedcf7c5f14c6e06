import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { emailPattern, messages } from '@school/contract';
import type { FastifyRequest } from 'fastify';
import { nowIso } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { EnrolmentVerificationRequired, Forbidden, invalidField } from '../../lib/errors.ts';
import { adminActor } from '../../session/access.ts';
import type { AdminActor } from '../../session/actor.ts';
import { mustEnrolSecondFactor, sessionHasFactor } from '../../session/second-factor-enrolment.ts';
import { sessionRepository } from '../../session/session-repository.ts';
import { stepUpHolds, STEP_UP_MINUTES } from '../../session/step-up.ts';
import { writeAudit } from '../audit/index.ts';
import { queueEnrolmentCode } from '../notifications/index.ts';
import { verifyPassword } from './passwords.ts';
import { authRepository } from './repository.ts';
import { checkCurrentPassword } from './service.ts';

/** Wrong tries one code allows before she must ask for another. */
const CODE_TRIES = 5;

const codeHash = (code: string) => createHash('sha256').update(code).digest('base64url');

/**
 * Where the school requires a second factor (decision 057), a password alone does not enrol the
 * first one: a stolen password would otherwise become a factor of the thief's. The session must
 * have shown within 15 minutes that it is the account holder's: by the code sent to her notice
 * address (after her password again), or by the one-time password an admin gave her, at the
 * sign-in it opened. The `preHandler` of every call that sets up a first factor.
 */
export async function requireVerifiedEnrolment(request: FastifyRequest): Promise<void> {
  const { session } = request;
  const actor = adminActor(request);
  const staffMfa = request.server.deps.config.staffMfa;
  if (!mustEnrolSecondFactor(staffMfa, { role: actor.role, hasFactor: sessionHasFactor(session) })) return;
  if (!stepUpHolds(session?.enrolment_verified_at)) throw new EnrolmentVerificationRequired();
}

const sessionOf = (actor: AdminActor): string => {
  if (!actor.sessionId) throw new Forbidden(messages.signInToContinue);
  return actor.sessionId;
};

/** `POST /api/account/enrolment-code`: her password again (under the current-password limit), then a code to her notice address. */
export async function sendEnrolmentCode(deps: Deps, actor: AdminActor, password: string): Promise<{ message: string }> {
  const sessionId = sessionOf(actor);
  const admin = await authRepository.findAdminById(deps.db, actor.adminId);
  if (!admin) throw new Forbidden(messages.signInToContinue);
  await checkCurrentPassword(deps, `admin:${admin.username}`, () => verifyPassword(admin.password_hash, password));
  const email = admin.email?.trim();
  if (!email || !emailPattern.test(email)) throw invalidField('current_password', messages.noNoticeAddress);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + STEP_UP_MINUTES * 60_000).toISOString();
  await deps.writeTransaction(async (trx) => {
    await sessionRepository.setEnrolmentCode(trx, sessionId, codeHash(code), expiresAt);
    await queueEnrolmentCode(trx, deps.config, { actor, staff: admin, email, code, minutes: STEP_UP_MINUTES });
    await writeAudit(trx, actor, { action: 'second-factor.enrolment-code-sent' });
  });
  return { message: messages.enrolmentCodeSent };
}

/** `POST /api/account/enrolment-code/confirm`: the code sent; right, the session may enrol her first factor for 15 minutes. */
export async function confirmEnrolmentCode(deps: Deps, actor: AdminActor, code: string): Promise<{ message: string }> {
  const sessionId = sessionOf(actor);
  const digits = code.replace(/\s/g, '');
  const expected = await deps.writeTransaction((trx) => sessionRepository.tryEnrolmentCode(trx, sessionId, nowIso(), CODE_TRIES));
  const given = Buffer.from(codeHash(digits));
  if (!expected || !/^\d{6}$/.test(digits) || !timingSafeEqual(given, Buffer.from(expected))) throw invalidField('code', messages.wrongEnrolmentCode);
  await deps.writeTransaction(async (trx) => {
    await sessionRepository.markEnrolmentVerified(trx, sessionId, nowIso());
    await writeAudit(trx, actor, { action: 'second-factor.enrolment-code-accepted' });
  });
  return { message: messages.enrolmentCodeAccepted };
}
