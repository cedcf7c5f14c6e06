import { messages } from '@school/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { StepUpRequired } from '../lib/errors.ts';
import { adminActor } from './access.ts';
import type { AdminActor } from './actor.ts';
import { sessionRepository } from './session-repository.ts';

/** How long a second factor given counts for a bulk export, a staff change or a record past the hour's allowance (decision 049). */
export const STEP_UP_MINUTES = 15;

/** Whether a second factor given at `at` (ISO-8601, or null for none) still counts at `now`. */
export const stepUpHolds = (at: string | null | undefined, now = Date.now()): boolean =>
  at !== null && at !== undefined && now - Date.parse(at) < STEP_UP_MINUTES * 60_000;

/** What a refusal for want of a recent second factor says: `stepUp` when she has one to give, `enrol` when she must set one up first. */
export type StepUpWords = { stepUp: string; enrol: string };

/** The words for staff changes and the school year's actions (decision 057). */
export const staffChangeWords: StepUpWords = { stepUp: messages.stepUpForStaffChanges, enrol: messages.enrolFirstForStaffChanges };

/**
 * Whether the staff member must give a second factor now: she has one (or must have one, with
 * STAFF_MFA=required) and gave none in this session in the last 15 minutes. Null when she need not;
 * else whether she has a factor to give.
 */
export async function missingFreshFactor(deps: Pick<Deps, 'db' | 'config'>, actor: AdminActor): Promise<{ enrolled: boolean } | null> {
  const state = await sessionRepository.stepUpState(deps.db, actor.adminId, actor.sessionId);
  // EXISTS reads back as 0/1 on SQLite and true/false on PostgreSQL.
  const enrolled = Boolean(state?.totp_secret) || Boolean(Number(state?.has_passkey ?? 0));
  // A sign-in with more than one factor at the school's provider counts while it is recent (decision 076).
  if (Number(state?.provider_factor ?? 0) === 1 && stepUpHolds(state?.second_factor_at)) return null;
  if (!enrolled && deps.config.staffMfa !== 'required') return null;
  return enrolled && stepUpHolds(state?.second_factor_at) ? null : { enrolled };
}

/** The refusal (403 `step_up_required`) for a missing recent factor, in the words of what was asked for. */
export const stepUpRefusal = (missing: { enrolled: boolean }, words: StepUpWords): StepUpRequired =>
  new StepUpRequired(missing.enrolled ? words.stepUp : words.enrol, missing.enrolled);

/** Refuses the call (403 `step_up_required`) unless the staff member gave a second factor in the last 15 minutes, when she has or must have one. */
export async function requireFreshFactor(deps: Pick<Deps, 'db' | 'config'>, actor: AdminActor, words: StepUpWords): Promise<void> {
  const missing = await missingFreshFactor(deps, actor);
  if (missing) throw stepUpRefusal(missing, words);
}

/**
 * A route's `preHandler` for a change to staff accounts, the school's notification settings or its
 * year (rollover, undo, retention erase; decision 057): a second factor given in the last 15
 * minutes. `when` names the requests that change something (not a dry run's count); all by default.
 */
export const staffChangeGuard =
  (deps: Pick<Deps, 'db' | 'config'>, when: (request: FastifyRequest) => boolean = () => true) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!when(request)) return;
    await requireFreshFactor(deps, adminActor(request), staffChangeWords);
  };

/** For `staffChangeGuard`: a request whose (validated) body asks for the change itself, not a dry run's count. */
export const notDryRun = (request: FastifyRequest): boolean => (request.body as { dry_run?: boolean } | undefined)?.dry_run === false;
