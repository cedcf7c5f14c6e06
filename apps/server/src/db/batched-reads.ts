import type { Executor } from './database.ts';

/** Keys one statement asks for at most; more waiting keys start another statement. */
const KEYS_PER_READ = 100;

type Caller<Row> = { resolve(row: Row | undefined): void; reject(error: unknown): void };

/**
 * Reads of one row by key (a request's session, an autosave's record) that arrive in the same turn
 * of the event loop, sent to the database as one statement for all their keys. Under load many
 * requests come in together, and on PostgreSQL each statement is a round trip that wakes a
 * database process: one read for several requests spends less processor time on both sides.
 *
 * `read` answers the rows of the keys it is given, in any order (a key with no row has none);
 * `keyOf` tells a row's key. Each caller gets a row of its own (copied when two ask for the same
 * key), `undefined` when there is none, and the statement's error when it fails. Reads made
 * through a transaction are sent through that transaction, apart from the others.
 *
 *   const findSession = batchedByKey((db, hashes) => sessionsByHash(db, hashes), (row) => row.id_hash);
 *   const session = await findSession(db, hash);
 */
export function batchedByKey<Row extends object>(read: (db: Executor, keys: string[]) => Promise<Row[]>, keyOf: (row: Row) => string) {
  const gathering = new Map<Executor, Map<string, Array<Caller<Row>>>>();

  const send = (db: Executor, batch: Map<string, Array<Caller<Row>>>) => {
    if (gathering.get(db) === batch) gathering.delete(db);
    read(db, [...batch.keys()]).then(
      (rows) => {
        const byKey = new Map(rows.map((row) => [keyOf(row), row]));
        for (const [key, callers] of batch) {
          const row = byKey.get(key);
          callers.forEach((caller, index) => caller.resolve(row && index > 0 ? { ...row } : row));
        }
      },
      (error: unknown) => {
        for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
      },
    );
  };

  return (db: Executor, key: string): Promise<Row | undefined> =>
    new Promise((resolve, reject) => {
      let batch = gathering.get(db);
      if (!batch) {
        const started = new Map<string, Array<Caller<Row>>>();
        gathering.set(db, started);
        // After the requests that arrived in this turn of the event loop have asked.
        setImmediate(() => {
          if (gathering.get(db) === started) send(db, started);
        });
        batch = started;
      }
      const callers = batch.get(key);
      if (callers) callers.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      if (batch.size >= KEYS_PER_READ) send(db, batch);
    });
}
