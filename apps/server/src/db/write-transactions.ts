import { sql, type Transaction } from 'kysely';
import { isSqliteBusy } from './database-faults.ts';
import type { Db, DialectName, Executor } from './database.ts';
import type { Database } from './schema.ts';

/** A short unit of database work that must commit or fail whole. */
export type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

/** Runs `work` in a transaction and answers once it is committed (or has failed). */
export type WriteTransactions = (<T>(work: WriteWork<T>) => Promise<T>) & {
  /** Resolves once every write handed over so far has committed or failed: a graceful stop waits for it. */
  settled(): Promise<void>;
  /**
   * Work that reads and then makes its change in one statement (atomic by itself). On PostgreSQL
   * it runs on the pool with no BEGIN and COMMIT, two round trips fewer: an autosave's cost there
   * is mostly round trips. On SQLite it is a write like any other and shares a group commit.
   */
  oneStatement<T>(work: (db: Executor) => Promise<T>): Promise<T>;
};

/** Counts the writes under way, so that a stop can wait for the last commit. */
function trackWrites() {
  let pending = 0;
  const waiters: Array<() => void> = [];
  const done = () => {
    pending -= 1;
    if (pending === 0) for (const resolve of waiters.splice(0)) resolve();
  };
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      pending += 1;
      promise.then(done, done);
      return promise;
    },
    settled: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

const savepoint = sql.raw('SAVEPOINT job');
const releaseSavepoint = sql.raw('RELEASE SAVEPOINT job');
const rollbackToSavepoint = sql.raw('ROLLBACK TO SAVEPOINT job');

/** A write handed over, with the time past which it is given up if SQLite's write lock is still held elsewhere. */
type Job = { work: WriteWork<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void; giveUpAt: number };

/** Pauses between tries for SQLite's write lock: short at first, at most 200 ms. */
const pausesAfter = (tries: number) => Math.min(10 * 2 ** tries, 200);

/**
 * Write transactions with group commit on SQLite.
 *
 * SQLite with `synchronous = FULL` waits for the disk at every commit, and that wait blocks the
 * server. On registration day many students autosave at the same moment, so the transactions
 * that arrive together run one after another inside one database transaction, each in its own
 * savepoint, and share a single commit: one wait for the disk instead of one each. A job that
 * fails is rolled back to its savepoint alone and answers its error at once; the others answer
 * only after the shared commit is on disk, so no answer ever reports a save that could be lost.
 *
 * Work given here must only touch the database (no waiting on other I/O), since the jobs of a
 * batch wait for each other. PostgreSQL has a pool of connections and groups commits itself, so
 * there each job is simply its own transaction, held to the database's time limit there.
 *
 * On SQLite a batch begins by taking the write lock (BEGIN IMMEDIATE). While another connection
 * holds it, the batch tries again after a pause, the event loop serving other requests meanwhile,
 * and each job waits at most `timeLimitMs` before it fails with SQLite's busy error (503, decision 041).
 */
export function createWriteTransactions(db: Db, dialect: DialectName, timeLimitMs = 5000): WriteTransactions {
  const writes = trackWrites();
  if (dialect === 'postgres') {
    return Object.assign(<T>(work: WriteWork<T>) => writes.track(db.transaction().execute(work)), {
      settled: writes.settled,
      oneStatement: <T>(work: (db: Executor) => Promise<T>) => writes.track(work(db)),
    });
  }

  let waiting: Job[] = [];
  let draining = false;

  /**
   * Begins the batch's transaction holding the write lock, trying again after a pause while another
   * connection holds it. A job that has waited its time limit fails with the busy error; the jobs
   * still waiting are the batch, or none.
   */
  async function beginWriting(batch: Job[]) {
    for (let tries = 0; ; tries += 1) {
      try {
        return { trx: await db.startTransaction().execute(), batch };
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        const now = Date.now();
        for (const job of batch) if (job.giveUpAt <= now) job.reject(error);
        batch = batch.filter((job) => job.giveUpAt > now);
        if (batch.length === 0) return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, pausesAfter(tries)));
    }
  }

  async function runBatch(jobs: Job[]): Promise<void> {
    // Jobs whose work succeeded, with their results, answered once the commit is on disk.
    const succeeded: Array<{ job: Job; value: unknown }> = [];
    let batch = jobs;
    let unanswered = batch;
    try {
      const begun = await beginWriting(batch);
      if (!begun) return;
      const trx = begun.trx;
      unanswered = batch = begun.batch;
      try {
        if (batch.length === 1) {
          // Alone in its batch: its own transaction, with nothing to keep apart.
          succeeded.push({ job: batch[0], value: await batch[0].work(trx) });
        } else {
          for (const job of batch) {
            // Plain statements: a savepoint object of Kysely's for every save cost more than the statements.
            await savepoint.execute(trx);
            try {
              const value = await job.work(trx);
              await releaseSavepoint.execute(trx);
              succeeded.push({ job, value });
            } catch (error) {
              await rollbackToSavepoint.execute(trx);
              await releaseSavepoint.execute(trx);
              job.reject(error);
            }
          }
          unanswered = succeeded.map(({ job }) => job);
        }
        await trx.commit().execute();
      } catch (error) {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        throw error;
      }
    } catch (error) {
      for (const job of unanswered) job.reject(error);
      return;
    }
    for (const { job, value } of succeeded) job.resolve(value);
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await runBatch(batch);
      // SQLite answers at once, so a writer that hands over its next write as soon as the last is
      // answered (an import's slices) would otherwise hold the event loop until it has finished.
      // Turning it lets the requests that arrived meanwhile reach the queue and share the next commit.
      await new Promise((resolve) => setImmediate(resolve));
    }
    draining = false;
  }

  const write = <T>(work: WriteWork<T>) =>
    writes.track(
      new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject, giveUpAt: Date.now() + timeLimitMs });
        if (!draining) {
          draining = true;
          // Let the requests that arrived with this one reach the queue first, so they share its commit.
          setImmediate(() => void drain());
        }
      }),
    );
  return Object.assign(write, { settled: writes.settled, oneStatement: write });
}
