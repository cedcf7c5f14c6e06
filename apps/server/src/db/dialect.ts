import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DialectName, Executor } from './database.ts';
import type { Database } from './schema.ts';

/**
 * The one place where SQLite and PostgreSQL differ in the schema: auto-numbered keys. `big` makes
 * PostgreSQL's a bigint, as a new table's key should be (DESIGN §5: a shared database for many
 * schools); SQLite's are 64 bits already.
 */
export function addIdColumn<T extends string>(table: CreateTableBuilder<T, never>, db: Kysely<unknown>, { big = false } = {}) {
  return isPostgres(db)
    ? table.addColumn('id', big ? 'bigint' : 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

export const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Which database a connection or transaction talks to, for a statement written differently on each. */
export const dialectOf = (db: Executor): DialectName => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/** The column type for raw bytes (stored files): PostgreSQL's bytea, SQLite's blob. Both read back as a Buffer. */
export const bytesColumnType = (db: Kysely<unknown>): 'bytea' | 'blob' => (isPostgres(db) ? 'bytea' : 'blob');

/** The rows a query selects, locked until the transaction ends on PostgreSQL; SQLite's write transactions run one at a time already. */
export const lockedOnPostgres = <Query extends { forUpdate(): Query }>(query: Query, db: { getExecutor: Kysely<unknown>['getExecutor'] }): Query =>
  db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
/**
 * Rows one process takes for itself from a queue (the outbox, decision 047): on PostgreSQL they are
 * locked, skipping rows another process holds, so several processes share the work without taking
 * the same row; SQLite has one process, whose write transaction is the lock.
 */
export function claimableRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: 'sqlite' | 'postgres'): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * Makes the rest of a write transaction run alone for `key`: on PostgreSQL a transaction advisory
 * lock on it, released at commit; SQLite's write transactions run one at a time already.
 */
export async function lockUntilCommit(trx: Executor, dialect: 'sqlite' | 'postgres', key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Runs `work` while holding the database-wide lock `key`, so that of several servers on one
 * PostgreSQL database one does it at a time (decision 071): a transaction of its own takes a
 * transaction advisory lock and stays open, doing nothing else, until `work` (on the pool's other
 * connections) is done. The lock never outlives that transaction, also behind a connection pooler
 * in transaction mode, which may give each transaction another server connection. The wait for
 * it and the work under it have no time limit: another server's first start (its migrations, the
 * demo school) may take longer than a request's statement may. SQLite serves one process: `work` runs as it is.
 */
export async function aloneAcrossServers<T>(db: Kysely<Database>, key: string, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return work();
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await lockUntilCommit(trx, 'postgres', key);
    return work();
  });
}
