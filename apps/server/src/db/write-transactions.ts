import { sql, type Transaction } from 'kysely';
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

type Job = { work: WriteWork<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

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
 * there each job is simply its own transaction.
 */
export function createWriteTransactions(db: Db, dialect: DialectName): WriteTransactions {
  const writes = trackWrites();
  if (dialect === 'postgres') {
    return Object.assign(<T>(work: WriteWork<T>) => writes.track(db.transaction().execute(work)), {
      settled: writes.settled,
      oneStatement: <T>(work: (db: Executor) => Promise<T>) => writes.track(work(db)),
    });
  }

  let waiting: Job[] = [];
  let draining = false;

  async function runBatch(batch: Job[]): Promise<void> {
    // Jobs whose work succeeded, with their results, answered once the commit is on disk.
    const succeeded: Array<{ job: Job; value: unknown }> = [];
    let unanswered = batch;
    try {
      const trx = await db.startTransaction().execute();
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
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) {
          draining = true;
          // Let the requests that arrived with this one reach the queue first, so they share its commit.
          setImmediate(() => void drain());
        }
      }),
    );
  return Object.assign(write, { settled: writes.settled, oneStatement: write });
}
