import { messages, type ExportAlerts } from '@school/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { zonedDay, zonedLocalToUtc } from '../../lib/time-zone.ts';
import { adminActor } from '../../session/access.ts';
import type { AdminActor } from '../../session/actor.ts';
import { missingFreshFactor, requireFreshFactor, stepUpRefusal, type StepUpWords } from '../../session/step-up.ts';
import { queueAdminsNotice } from '../notifications/index.ts';
import { exportGuardRepository } from './repository.ts';

/** Seconds from now until the school's next day begins (when the allowance starts again). */
function secondsUntilTomorrow(timeZone: string): number {
  const tomorrow = new Date(`${zonedDay(new Date(), timeZone)}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const start = Date.parse(zonedLocalToUtc(`${tomorrow.toISOString().slice(0, 10)}T00:00`, timeZone));
  return Math.max(1, Math.ceil((start - Date.now()) / 1000));
}

const exportWords: StepUpWords = { stepUp: messages.stepUpRequired, enrol: messages.enrolSecondFactorFirst };
const recordWords: StepUpWords = { stepUp: messages.stepUpForRecords, enrol: messages.enrolFirstForRecords };

/**
 * Lets one bulk export go ahead (decision 049), or refuses it: a staff member who has a second
 * factor, or must have one (STAFF_MFA=required), must have given it in the last 15 minutes (403
 * `step_up_required`; one without a factor is asked to enrol one first); then the export counts
 * against her day's allowance (EXPORT_DAILY_LIMIT, 429 once used), in one statement. Answers the
 * school day it was counted on.
 */
export async function takeBulkExport(deps: Deps, actor: AdminActor): Promise<string> {
  await requireFreshFactor(deps, actor, exportWords);
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
    staff: rows.map((row) => ({
      username: row.username,
      display_name: row.display_name ?? row.username,
      exports: Number(row.exports),
      records_read: Number(row.record_reads),
    })),
  };
}

/** The hour a record read is counted in (UTC, YYYY-MM-DDTHH): the hourly allowance starts again each hour. */
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

/** Exports that a day's use stands for: bulk exports, and records read as one per 100 or part of 100. */
const exportsUsed = (exports: number, recordReads: number) => exports + Math.ceil(recordReads / 100);

/**
 * Counts one staff member's read of one student's full record (issue 49), or refuses it. A record
 * read again within the hour is free. Each other one counts against her role's hourly allowance
 * (RECORD_READS_PER_HOUR_*), past which it needs a second factor given in the last 15 minutes (as a
 * bulk export does), and against her day's export allowance, one export per 100 records (429 once
 * used). One write transaction holds the counts, so reads asked for at once cannot pass an
 * allowance between them: a refused read leaves no count. The read that takes her day past half
 * of the allowance tells every admin, once.
 */
export async function takeRecordRead(deps: Deps, actor: AdminActor, studentId: string): Promise<void> {
  const now = new Date();
  const hour = hourOf(now);
  const hourly = actor.role === 'admin' ? deps.config.recordReadsPerHour.admin : deps.config.recordReadsPerHour.office;
  const limit = deps.config.exportDailyLimit;
  const day = zonedDay(now, deps.config.schoolTimeZone);
  // Read before the transaction: a second factor given meanwhile only lets a retry through.
  const missing = await missingFreshFactor(deps, actor);
  await deps.writeTransaction(async (trx) => {
    if (!(await exportGuardRepository.noteRecordRead(trx, actor.adminId, hour, studentId))) return;
    const reads = await exportGuardRepository.countHourRead(trx, actor.adminId, hour);
    if (reads > hourly && missing) throw stepUpRefusal(missing, recordWords);
    const used = await exportGuardRepository.takeRecordRead(trx, actor.adminId, day, limit);
    if (!used) throw new TooManyRequests(messages.recordReadsAllowanceUsed(limit), secondsUntilTomorrow(deps.config.schoolTimeZone));
    const after = exportsUsed(used.exports, used.record_reads);
    if (exportsUsed(used.exports, used.record_reads - 1) > limit / 2 || after <= limit / 2) return;
    await queueAdminsNotice(trx, deps.config, { actor, event: { kind: 'many-records', username: actor.name, used: after, limit }, except: null });
  });
}

/**
 * A route's `preHandler` for a read of one student's full record (issue 49): counted for staff
 * (admin and office; a teacher reads no full record), never for the student herself.
 */
export const recordReadGuard =
  (deps: Deps, studentIdFrom: (request: FastifyRequest) => unknown) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.actor.kind !== 'admin') return;
    const studentId = studentIdFrom(request);
    if (typeof studentId !== 'string' || studentId.trim() === '') return;
    await takeRecordRead(deps, request.actor, studentId.trim());
  };
