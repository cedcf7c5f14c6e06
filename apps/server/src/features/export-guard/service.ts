import { messages, type ExportAlerts } from '@school/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { StepUpRequired, TooManyRequests } from '../../lib/errors.ts';
import { zonedDay, zonedLocalToUtc } from '../../lib/time-zone.ts';
import { adminActor } from '../../session/access.ts';
import type { AdminActor } from '../../session/actor.ts';
import { exportGuardRepository } from './repository.ts';

/** How long a second factor given counts for a bulk export (decision 049). */
export const STEP_UP_MINUTES = 15;

/** Whether a second factor given at `at` (ISO-8601, or null for none) still counts at `now`. */
export const stepUpHolds = (at: string | null | undefined, now = Date.now()): boolean =>
  at !== null && at !== undefined && now - Date.parse(at) < STEP_UP_MINUTES * 60_000;

/** Seconds from now until the school's next day begins (when the allowance starts again). */
function secondsUntilTomorrow(timeZone: string): number {
  const tomorrow = new Date(`${zonedDay(new Date(), timeZone)}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const start = Date.parse(zonedLocalToUtc(`${tomorrow.toISOString().slice(0, 10)}T00:00`, timeZone));
  return Math.max(1, Math.ceil((start - Date.now()) / 1000));
}

/**
 * Lets one bulk export go ahead (decision 049), or refuses it: a staff member who has a second
 * factor, or must have one (STAFF_MFA=required), must have given it in the last 15 minutes (403
 * `step_up_required`; one without a factor is asked to enrol one first); then the export counts
 * against her day's allowance (EXPORT_DAILY_LIMIT, 429 once used), in one statement. Answers the
 * school day it was counted on.
 */
export async function takeBulkExport(deps: Deps, actor: AdminActor): Promise<string> {
  const state = await exportGuardRepository.stepUpState(deps.db, actor.adminId, actor.sessionId);
  // EXISTS reads back as 0/1 on SQLite and true/false on PostgreSQL.
  const enrolled = Boolean(state?.totp_secret) || Boolean(Number(state?.has_passkey ?? 0));
  if (enrolled || deps.config.staffMfa === 'required') {
    if (!enrolled) throw new StepUpRequired(messages.enrolSecondFactorFirst, false);
    if (!stepUpHolds(state?.second_factor_at)) throw new StepUpRequired(messages.stepUpRequired, true);
  }
  const limit = deps.config.exportDailyLimit;
  const day = zonedDay(new Date(), deps.config.schoolTimeZone);
  const taken = await deps.writeTransaction((trx) => exportGuardRepository.takeExport(trx, actor.adminId, day, limit));
  if (taken === undefined) throw new TooManyRequests(messages.exportAllowanceUsed(limit), secondsUntilTomorrow(deps.config.schoolTimeZone));
  return day;
}

/**
 * A route's `preHandler` for a bulk export: `when` names the requests that are one (Parents
 * Contact for all classes, not for one class); every request by default.
 */
export const bulkExportGuard =
  (deps: Deps, when: (request: FastifyRequest) => boolean = () => true) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!when(request)) return;
    const actor = adminActor(request);
    const day = await takeBulkExport(deps, actor);
    // An export that was not made (refused, or failed: the database busy, no disk space) does not use up her day.
    reply.raw.once('close', () => {
      if (reply.statusCode < 400) return;
      deps
        .writeTransaction((trx) => exportGuardRepository.giveBack(trx, actor.adminId, day))
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'a failed export could not be given back to the allowance');
        });
    });
  };

/** `GET /api/admin/export-alerts`: who has made more than half of the day's allowance of bulk exports today. */
export async function exportAlerts(deps: Deps): Promise<ExportAlerts> {
  const limit = deps.config.exportDailyLimit;
  const rows = await exportGuardRepository.busyOn(deps.db, zonedDay(new Date(), deps.config.schoolTimeZone), limit / 2);
  return {
    daily_limit: limit,
    staff: rows.map((row) => ({ username: row.username, display_name: row.display_name ?? row.username, exports: Number(row.exports) })),
  };
}
