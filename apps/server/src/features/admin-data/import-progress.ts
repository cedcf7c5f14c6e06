import type { ImportProgress } from '@school/contract';

/**
 * How far each admin's running student import has got, kept in this process's memory: the portal
 * runs as one process (decision 025), and a progress figure needs no durability. An entry lives
 * from the first written slice to the end of the import, ended or failed.
 */
const running = new Map<number, { done: number; total: number }>();

const idle: ImportProgress = { running: false, done: 0, total: 0 };

export const importProgress = {
  /** Records that `done` of `total` rows of the admin's import are written. */
  report(adminId: number, done: number, total: number) {
    running.set(adminId, { done, total });
  },
  /** The admin's import is over (written, undone or refused). */
  end(adminId: number) {
    running.delete(adminId);
  },
  /** The admin's running import, or `running: false` when she has none. */
  of(adminId: number): ImportProgress {
    const entry = running.get(adminId);
    return entry ? { running: true, ...entry } : idle;
  },
};
