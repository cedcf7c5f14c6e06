import type { Executor } from '../../db/database.ts';
import { ownerIsGone, thisProcess } from '../../lib/process-owner.ts';
import { importStagingRepository as repository, type NewImport, type StagedRow } from './import-staging-repository.ts';

/**
 * A student import's rows staged where no one reads them, then published in one short
 * set-based transaction (decision 042): whatever stops the import before the publish (a fault, a
 * lost connection, a killed process) leaves the students as they were, and the staged rows are
 * swept away.
 */

/** Imports this process is running now: the sweep leaves them alone. */
const runningHere = new Set<number>();

/** An import of another machine whose slices have not moved on for this long has lost its process. */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000;

export const importStaging = {
  /** The import's history row, 'running' until it is published: its ID. */
  async begin(db: Executor, entry: Omit<NewImport, 'owner'>): Promise<number> {
    const id = await repository.insertImport(db, { ...entry, owner: thisProcess });
    runningHere.add(id);
    return id;
  },

  /** Stages one slice of rows (its own short transaction: other writes go between slices). */
  stage: (db: Executor, importId: number, rows: StagedRow[]): Promise<void> => repository.stage(db, importId, rows),

  /** Makes every staged row real in one transaction (`trx`); see the repository's `publish`. */
  publish: (trx: Executor, importId: number, present: readonly string[], now: string): Promise<void> => repository.publish(trx, importId, present, now),

  /** The import is published: its history row shows what it changed (in the publish's transaction). */
  done: (trx: Executor, importId: number, counts: { inserted: number; updated: number; unchanged: number }): Promise<void> =>
    repository.done(trx, importId, counts),

  /** The import stopped before its publish (refused, failed): its staged rows and its history row go, as if it never ran. */
  discard: (db: Executor, importId: number): Promise<void> => repository.discard(db, importId),

  /** This process no longer runs the import (published, discarded, or given up to the sweep). */
  release(importId: number): void {
    runningHere.delete(importId);
  },

  /**
   * Marks 'interrupted' every running import whose process is gone, and removes its staged rows:
   * on this machine, one whose process no longer exists (or this process's, when it no longer runs
   * it: its discard failed); on another, one whose slices stopped moving a while ago. With SQLite
   * the portal is one process, so any import this process is not running is interrupted.
   * Answers how many this sweep marked (another server's sweep at the same moment marks the rest).
   */
  async sweep(db: Executor, options: { singleProcess: boolean }): Promise<number> {
    const running = await repository.running(db);
    const interrupted = running
      .filter((entry) => !runningHere.has(entry.id) && (options.singleProcess || ownerIsGone(entry.owner, entry.heartbeat, ABANDONED_AFTER_MS)))
      .map((entry) => entry.id);
    return interrupted.length > 0 ? repository.markInterrupted(db, interrupted) : 0;
  },
};
