import { z } from 'zod';
import { termYearSchema } from '../responses/term-reports.ts';
import { limits } from '../limits.ts';
import { optionalLine, requiredLine } from './common.ts';

/** One class's move in a rollover: to another class, or `null` when its students leave, with the leavers' reason. */
export const rolloverClassMove = z.object({
  from: z.string({ message: 'Name the class it moves from.' }).trim().min(1, 'Name the class it moves from.').max(limits.classId),
  to: z.string().trim().min(1).max(limits.classId).nullable(),
  /** Why its students leave (when `to` is null): 'Completed Form 5' when left out. */
  reason: optionalLine(100, 'The reason'),
});

/**
 * POST /api/school-year/rollover: the year to move into, where each class goes, and `dry_run`
 * (true, the default, only checks and changes nothing; false applies it).
 */
export const rolloverRequest = z.object({
  to_year: termYearSchema,
  classes: z.array(rolloverClassMove).max(500),
  dry_run: z.boolean({ message: 'dry_run is true or false.' }).default(true),
});
export type RolloverRequest = z.input<typeof rolloverRequest>;

/** POST /api/school-year/undo: nothing to send; the last rollover is undone. */
export const undoRolloverRequest = z.object({});
export type UndoRolloverRequest = z.input<typeof undoRolloverRequest>;

/** POST /api/students/{id}/left: an admin marks one student as left, with the reason. */
export const markLeftRequest = z.object({ reason: requiredLine(100, 'The reason') });
export type MarkLeftRequest = z.input<typeof markLeftRequest>;
