import { databaseFault } from './database-faults.ts';
import type { Executor } from './database.ts';

/** Keys one statement asks for at most; more waiting keys start another statement. */
const KEYS_PER_READ = 100;
/** Writes one statement carries at most. */
const WRITES_PER_STATEMENT = 50;

type Caller<Row> = { resolve(row: Row | undefined): void; reject(error: unknown): void };

/**
 * Statements of one kind that one executor runs at a time. A group that is ready while one runs
 * waits for it, and the requests that come meanwhile join the group: under load, fewer and larger
 * statements, each a round trip that wakes a database process (decision 029; the figures are in
 * bench/README.md, tenth round).
 */
const AT_ONCE = 1;
/**
 * How long a ready group waits for the statement running before it goes anyway, so that a slow
 * statement (one waiting for a lock, say) holds the others up no longer than this; chosen by
 * measuring several (bench/README.md, tenth round).
 */
const PATIENCE_MS = 10;

/**
 * Gathers what is asked of one executor in one turn of the event loop into a group, and hands the
 * group to `send` once the requests that arrived in that turn have asked, or, while `AT_ONCE`
 * statements run, once one of them ends or `PATIENCE_MS` pass; a group that is full (`flush`) goes
 * at once. Groups made through a transaction are kept apart from the others, and sent through it.
 */
function gatheredPerTurn<Group>(start: () => Group, send: (db: Executor, group: Group) => Promise<unknown>) {
  const gathering = new Map<Executor, Group>();
  const running = new Map<Executor, number>();
  /** Groups ready to go but held while statements run, each with the timer of its patience. */
  const held = new Map<Group, NodeJS.Timeout>();
  const ended = (db: Executor) => {
    const left = running.get(db)! - 1;
    if (left) running.set(db, left);
    else running.delete(db);
    const next = gathering.get(db);
    if (next && held.has(next)) flush(db, next);
  };
  const flush = (db: Executor, group: Group) => {
    if (gathering.get(db) === group) gathering.delete(db);
    clearTimeout(held.get(group));
    held.delete(group);
    running.set(db, (running.get(db) ?? 0) + 1);
    void send(db, group).then(
      () => ended(db),
      () => ended(db),
    );
  };
  const ready = (db: Executor, group: Group) => {
    if (gathering.get(db) !== group) return;
    if ((running.get(db) ?? 0) < AT_ONCE) flush(db, group);
    else
      held.set(
        group,
        setTimeout(() => gathering.get(db) === group && flush(db, group), PATIENCE_MS),
      );
  };
  return {
    flush,
    /** The group gathering for `db`, started now if none is. */
    groupFor(db: Executor): Group {
      const gathered = gathering.get(db);
      if (gathered) return gathered;
      const started = start();
      gathering.set(db, started);
      setImmediate(() => ready(db, started));
      return started;
    },
  };
}

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
  const batches = gatheredPerTurn(
    () => new Map<string, Array<Caller<Row>>>(),
    (db, batch) =>
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
      ),
  );

  return (db: Executor, key: string): Promise<Row | undefined> =>
    new Promise((resolve, reject) => {
      const batch = batches.groupFor(db);
      const callers = batch.get(key);
      if (callers) callers.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      if (batch.size >= KEYS_PER_READ) batches.flush(db, batch);
    });
}

type Write<Item, Result> = { item: Item; resolve(result: Result): void; reject(error: unknown): void };

/**
 * Writes (an autosave's change) that arrive in the same turn of the event loop, sent as one
 * statement when there are several: on PostgreSQL each statement is a round trip and a commit, the
 * larger part of an autosave's cost. `many` writes its items in one statement, atomic as a whole,
 * and answers their results in their order; `one` writes a single item.
 *
 * Two writes of the same key (two saves of one record) never share a statement: the second goes
 * alone, so each keeps its own outcome (the database's version check lets one through). When the
 * shared statement fails, nothing of it was written, and each item is written again alone, so
 * that a bad item fails by itself and the others are not lost; unless the database itself failed
 * it (a time limit, a lost connection: `databaseFault`), when each fails with that at once.
 */
export function batchedWrites<Item, Result>(
  one: (db: Executor, item: Item) => Promise<Result>,
  many: (db: Executor, items: Item[]) => Promise<Result[]>,
  keyOf: (item: Item) => string,
) {
  const alone = (db: Executor, write: Write<Item, Result>) => one(db, write.item).then(write.resolve, write.reject);
  const batches = gatheredPerTurn(
    () => ({ writes: [] as Array<Write<Item, Result>>, keys: new Set<string>() }),
    (db, { writes }) => {
      if (writes.length === 1) return alone(db, writes[0]);
      return many(
        db,
        writes.map((write) => write.item),
      ).then(
        (results) => writes.forEach((write, index) => write.resolve(results[index])),
        // A bad item fails alone when each is written again; a stalled or lost database fails them all at once, not after a second wait.
        (error: unknown) => writes.forEach((write) => (databaseFault(error) ? write.reject(error) : void alone(db, write))),
      );
    },
  );

  return (db: Executor, item: Item): Promise<Result> =>
    new Promise((resolve, reject) => {
      const write = { item, resolve, reject };
      const batch = batches.groupFor(db);
      const key = keyOf(item);
      if (batch.keys.has(key)) return void alone(db, write);
      batch.keys.add(key);
      batch.writes.push(write);
      if (batch.writes.length >= WRITES_PER_STATEMENT) batches.flush(db, batch);
    });
}
