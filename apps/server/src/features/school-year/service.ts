import { messages, academicYearLabel, rolloverUndoDays, type RolloverResult } from '@school/contract';
import type { AdminActor } from '../../session/actor.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import { progressColumns, reviewedColumnOf } from '../registration/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { Conflict, invalidField } from '../../lib/errors.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { writeAudit } from '../audit/index.ts';
import { nextVersion } from '../registration/index.ts';
import { schoolYearRepository as repository } from './repository.ts';
import { planRollover, type ClassMove } from './rollover-plan.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The school's date today, 'yyyy-MM-dd'. */
export const schoolDate = (timeZone: string) => zonedTimestamp(new Date(), timeZone).slice(0, 10);

/** The progress row as a snapshot keeps it (without its key); 'yyyymmdd' of completion as 'yyyy-MM-dd'. */
const submittedOn = (completedOn: number | undefined) => {
  if (!completedOn) return null;
  const text = String(completedOn);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
};

/** Why a rollover may not be undone now, or null when it may: 14 days have passed, or a student has saved in the new year. */
async function undoRefusal(db: Executor, rollover: { at: string; undo_until: string; version: string; id: number; to_year: number }) {
  if (Date.now() >= Date.parse(rollover.undo_until)) {
    return `The rollover into ${academicYearLabel(rollover.to_year)} can no longer be undone: ${rolloverUndoDays} days have passed.`;
  }
  if (await repository.studentSavedSince(db, rollover)) {
    return `The rollover into ${academicYearLabel(rollover.to_year)} can no longer be undone: a student has saved her registration in the new year.`;
  }
  return null;
}

/** GET /api/school-year: the current year, each class with its students, and the last rollover (with its undo date while it may be undone). */
export async function loadSchoolYear(deps: Deps) {
  const [year, classes, last] = await Promise.all([repository.currentYear(deps.db), repository.classesWithStudents(deps.db), repository.lastRollover(deps.db)]);
  const current = last && last.to_year === year ? last : undefined;
  return {
    year,
    label: academicYearLabel(year),
    classes,
    last_rollover: current
      ? {
          from_year: current.from_year,
          to_year: current.to_year,
          at: current.at,
          by: current.by,
          undo_until: (await undoRefusal(deps.db, current)) === null ? current.undo_until : null,
        }
      : null,
  };
}

/** A rollover that found errors: its transaction is rolled back and its result answered. */
class RolloverRefused extends Error {
  constructor(readonly result: RolloverResult) {
    super('The rollover has errors.');
  }
}

/** 409 for a rollover into a year the school is already in (or past). */
const alreadyInYear = (toYear: number, year: number) => new Conflict(messages.alreadyInYear(academicYearLabel(year), academicYearLabel(toYear)));

/**
 * POST /api/school-year/rollover: checks the move into `to_year` (a dry run changes nothing) or
 * applies it in one transaction (decision 045): returning students move class and start the new
 * year's registration with their data kept, leavers leave, the ending year's registration of each
 * is kept as a snapshot, registration closes for every form level, and the year moves on.
 */
export async function rollOver(deps: Deps, actor: AdminActor, input: { to_year: number; classes: ClassMove[]; dry_run: boolean }): Promise<RolloverResult> {
  const year = await repository.currentYear(deps.db);
  if (input.to_year <= year) throw alreadyInYear(input.to_year, year);
  if (input.to_year !== year + 1) throw invalidField('to_year', messages.nextYearIs(academicYearLabel(year + 1), year + 1));
  if (input.dry_run) return (await planRollover(deps.db, year, input)).result;
  try {
    return await deps.writeTransaction(async (trx) => {
      // The year's row first: a second rollover waits here, then finds the year moved.
      if (!(await repository.moveYear(trx, input.to_year - 1, input.to_year))) throw alreadyInYear(input.to_year, await repository.currentYear(trx));
      const plan = await planRollover(trx, year, input);
      if (plan.result.errors.length > 0) throw new RolloverRefused(plan.result);
      await applyPlan(trx, deps, actor, { year, toYear: input.to_year, plan });
      return { ...plan.result, dry_run: false };
    });
  } catch (error) {
    if (error instanceof RolloverRefused) return error.result;
    throw error;
  }
}

async function applyPlan(
  trx: Executor,
  deps: Deps,
  actor: AdminActor,
  { year, toYear, plan }: { year: number; toYear: number; plan: Awaited<ReturnType<typeof planRollover>> },
) {
  const at = nowIso();
  const students = plan.students;
  const ids = students.map((student) => student.id);
  // One version newer than every record it moves: a save begun before it is refused as stale (409).
  const version = nextVersion(students.reduce((newest, student) => (student.updated_at > newest ? student.updated_at : newest), at));
  const statuses = await repository.listStatuses(trx);
  const rolloverId = await repository.insertRollover(trx, {
    from_year: year,
    to_year: toYear,
    at,
    by: actor.name,
    undo_until: new Date(Date.parse(at) + rolloverUndoDays * DAY_MS).toISOString(),
    version,
    statuses: JSON.stringify(statuses),
    promoted: plan.result.promoted,
    leavers: plan.result.left,
  });
  const progress = new Map((await repository.progressOf(trx, ids)).map((row) => [row.student_id, row]));
  await repository.insertHistory(
    trx,
    students.map((student) => {
      const row = progress.get(student.id);
      return {
        student_id: student.id,
        year,
        rollover_id: rolloverId,
        class_id: (student.class_id as string | null) ?? null,
        record: JSON.stringify(student),
        progress: row ? JSON.stringify(row) : null,
        submitted_on: row?.submit === 1 ? submittedOn(row.completed_on) : null,
      };
    }),
  );
  for (const [classId, movers] of plan.movesTo) await repository.promote(trx, movers, classId, version);
  const leaverIds = plan.leavers.map((leaver) => leaver.id);
  await repository.stampVersion(trx, leaverIds, version);
  const today = schoolDate(deps.config.schoolTimeZone);
  await repository.insertLeavers(
    trx,
    plan.leavers.map((leaver) => ({ student_id: leaver.id, left_on: today, reason: leaver.reason, rollover_id: rolloverId })),
  );
  await repository.endSessions(trx, leaverIds);
  await repository.resetProgress(trx, [...plan.movesTo.values()].flat());
  await repository.closeRegistration(trx, at);
  await writeAudit(trx, actor, {
    action: 'school-year.rolled-over',
    detail: `${academicYearLabel(year)} to ${academicYearLabel(toYear)}: ${plan.result.promoted} promoted, ${plan.result.left} left`,
  });
}

/**
 * A snapshot's progress row in today's columns. One kept before the reviewed marks existed
 * (migration 024) has Health Data's saved mark instead: its marks are read as that migration read
 * them, so that the undo puts back what the migration would have made of the row.
 */
function progressFromSnapshot(kept: Record<string, number>): Record<string, number> {
  const before024 = (column: string) => (column === reviewedColumnOf('healthData') ? kept.health_data_saved : kept[column.replace(/_reviewed$/, '')]);
  return Object.fromEntries(progressColumns.map((column) => [column, kept[column] ?? before024(column) ?? 0]));
}

/**
 * POST /api/school-year/undo: puts every class, leaver, progress flag, agreement and registration
 * status back as it was before the last rollover, from its snapshot, while it may be undone
 * (`undoRefusal`); 409 otherwise.
 */
export async function undoRollover(deps: Deps, actor: AdminActor) {
  return deps.writeTransaction(async (trx) => {
    const year = await repository.currentYear(trx);
    const rollover = await repository.lastRollover(trx);
    if (!rollover || rollover.to_year !== year) throw new Conflict(messages.noRolloverToUndo);
    const refusal = await undoRefusal(trx, rollover);
    if (refusal) throw new Conflict(refusal);
    if (!(await repository.moveYear(trx, rollover.to_year, rollover.from_year))) throw new Conflict(messages.noRolloverToUndo);
    for (const history of await repository.historyOf(trx, rollover.id)) {
      const record = JSON.parse(history.record) as Record<string, string | number | null>;
      await repository.restoreStudent(trx, history.student_id, {
        class_id: record.class_id,
        agree_terms_conditions: record.agree_terms_conditions,
        terms_and_conditions: record.terms_and_conditions,
        updated_at: record.updated_at,
      });
      if (history.progress) {
        await repository.restoreProgress(trx, history.student_id, progressFromSnapshot(JSON.parse(history.progress) as Record<string, number>));
      }
    }
    await repository.deleteLeaversOf(trx, rollover.id);
    for (const status of JSON.parse(rollover.statuses) as Parameters<typeof repository.restoreStatus>[1][]) await repository.restoreStatus(trx, status);
    await repository.deleteHistory(trx, rollover.id);
    await repository.markUndone(trx, rollover.id, nowIso());
    await writeAudit(trx, actor, {
      action: 'school-year.rollover-undone',
      detail: `${academicYearLabel(rollover.to_year)} back to ${academicYearLabel(rollover.from_year)}`,
    });
    return {
      message: `The rollover was undone: the school is back in ${academicYearLabel(rollover.from_year)}.`,
      year: rollover.from_year,
      label: academicYearLabel(rollover.from_year),
    };
  });
}
