import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Config } from '../core/config.ts';
import type { Database } from './schema.ts';
import { PortalPostgresDialect } from './postgres-dialect.ts';
import { CONNECTION_MAX_USES, withPreparedStatements } from './prepared-statements.ts';
import { withStatementCache } from './statement-cache.ts';

export type Db = Kysely<Database>;
/** A repository method takes either the database or a transaction, so callers can group writes. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type DialectName = 'sqlite' | 'postgres';

export type DatabaseTarget = {
  databaseUrl?: string;
  sqliteFile?: string;
  /**
   * The server's time limit (DATABASE_TIMEOUT_MS, decision 041): on PostgreSQL, how long a
   * statement may run and a connection be waited for; on SQLite, how long a write transaction
   * waits for another connection's write lock (write-transactions.ts), which from
   * `prepareStatements` on is never waited for inside the event loop for more than a moment.
   * Command-line tools leave it out and wait as long as they must.
   */
  timeLimitMs?: number;
  /**
   * `transaction` when `databaseUrl` goes through PgBouncer in transaction mode (decision 068): each
   * transaction, or statement outside one, may run on another server connection, so statements are
   * not named (a name prepared on one connection is unknown on the next, or already taken there)
   * and nothing is set at connection (the pooler refuses settings it does not know; the time
   * limit is its database entry's). `none` (the default) for a connection to PostgreSQL itself.
   */
  pooler?: Config['databasePooler'];
};

/**
 * The database the settings name: DATABASE_URL, through its pooler when DATABASE_POOLER says so,
 * or else the SQLite file in DATA_DIR. The server gives up a stalled statement (`timeLimited`,
 * decision 041); command-line tools wait as long as they must.
 */
export function databaseOf(
  config: Pick<Config, 'databaseUrl' | 'databasePooler' | 'dataDir' | 'databaseTimeoutMs'>,
  { timeLimited = false } = {},
): DatabaseTarget & { sqliteFile: string } {
  return {
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'portal.sqlite'),
    pooler: config.databasePooler,
    ...(timeLimited ? { timeLimitMs: config.databaseTimeoutMs } : {}),
  };
}

/** Connections to PostgreSQL per server process (decision 029); the bench gives its bare baseline the same. */
export const POOL_SIZE = 10;

/**
 * How long an SQLite statement waits inside the event loop for another connection's lock, once
 * serving with a time limit: the whole server waits with it. Write transactions wait longer, in
 * pauses between tries (write-transactions.ts).
 */
const SQLITE_LOCK_PATIENCE_MS = 50;

const preparers = new WeakMap<Db, () => void>();
/** The databases opened through a transaction pooler (decision 068). */
const pooled = new WeakSet<Db>();
/**
 * From now on, PostgreSQL statements are prepared once per connection (decision 029), and an
 * SQLite database opened with a time limit waits for another connection's lock only a moment
 * (decision 041). Called when the migrations are done: nothing prepared before a table changes
 * outlives the change, and a migration waits for a lock as long as it must.
 */
export function prepareStatements(db: Db): void {
  preparers.get(db)?.();
}

let postgresDriver: typeof pg | undefined;
/** The PostgreSQL driver, loaded when the portal opens a PostgreSQL database: a server on SQLite never needs it. */
function postgresClient(): typeof pg {
  if (!postgresDriver) {
    postgresDriver = createRequire(import.meta.url)('pg') as typeof pg;
    // PostgreSQL returns COUNT(*) and BIGINT as strings; every count here fits in a JS number.
    postgresDriver.types.setTypeParser(20, (value) => Number(value));
  }
  return postgresDriver;
}

/** Opens the database: PostgreSQL when a URL is given, else the SQLite file (WAL, synchronous FULL). */
export function openDatabase(target: DatabaseTarget): { db: Db; dialect: DialectName } {
  if (target.databaseUrl) {
    const throughPooler = target.pooler === 'transaction';
    const pool = new (postgresClient().Pool)({
      connectionString: target.databaseUrl,
      max: POOL_SIZE,
      maxUses: CONNECTION_MAX_USES,
      // A stalled database (a lock held elsewhere, every connection busy) answers 503 within the
      // limit rather than holding requests for the whole stall; migrations lift it (migrate.ts).
      // Behind a pooler the statements' limit is the pooler's to set (decision 068).
      ...(target.timeLimitMs ? { connectionTimeoutMillis: target.timeLimitMs, ...(throughPooler ? {} : { statement_timeout: target.timeLimitMs }) } : {}),
    });
    // A connection ended by the server (pg_terminate_backend, a restart, a failover) must not end
    // the process: the pool reports it on an idle connection, the client on one in use. The
    // requests using it fail with 503 (lib/error-handler.ts); the pool drops the broken client
    // when it is released and opens a new one for the next query.
    const connectionLost = (error: Error) => console.error(`PostgreSQL connection lost (${error.message}); the next query opens a new one.`);
    pool.on('connect', (client) => client.on('error', connectionLost));
    // The pool repeats an idle client's error; the client's own handler has reported it.
    pool.on('error', () => undefined);
    if (throughPooler) {
      const db = new Kysely<Database>({ dialect: new PortalPostgresDialect({ pool }) });
      pooled.add(db);
      return { db, dialect: 'postgres' };
    }
    const prepared = withPreparedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PortalPostgresDialect({ pool: prepared.pool }) });
    preparers.set(db, prepared.prepare);
    return { db, dialect: 'postgres' };
  }
  const file = target.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (fs.existsSync(file)) checkSqliteHeader(file);
  }
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Removed content is overwritten with zeros, not left in free space: an erased health record is
  // gone from the file, not only from the tables (issue 49; the retention erasure's checkpoint
  // then takes the older pages out of the WAL).
  sqlite.pragma('secure_delete = ON');
  // Sorts and temporary tables are kept in memory, not in files beside the data: a read then needs
  // no disk space, and a full disk refuses writes only (issue 49). A school's are small.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('busy_timeout = 5000');
  const cached = withStatementCache(sqlite);
  // Kysely begins every transaction with BEGIN; IMMEDIATE takes the write lock then, or meets
  // SQLITE_BUSY then, before any of the transaction's work, which a write transaction can wait out
  // and try again whole. (A deferred one meets it at its first write, and after reading, may not.)
  const database: SqliteDatabase = { prepare: (text) => cached.prepare(text === 'begin' ? 'begin immediate' : text), close: () => cached.close() };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const { timeLimitMs } = target;
  if (timeLimitMs) preparers.set(db, () => sqlite.pragma(`busy_timeout = ${Math.min(timeLimitMs, SQLITE_LOCK_PATIENCE_MS)}`));
  return { db, dialect: 'sqlite' };
}

/**
 * Runs `work` on one PostgreSQL connection with no time limit on its statements (a rewrite of a
 * table, say, which cannot run in a transaction where `SET LOCAL` would lift it). Through a
 * transaction pooler it runs as it is, under the pooler's limit: a session setting would stay on a
 * server connection that other clients are given next (decision 068).
 */
export async function withoutTimeLimit<T>(db: Db, work: (connection: Executor) => Promise<T>): Promise<T> {
  if (pooled.has(db)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
}

/**
 * The time limit PostgreSQL gives the statements of this connection, `0` for none: behind a
 * transaction pooler it is the pooler's database entry that sets it (decision 068), and the
 * server says at start-up when that was forgotten.
 */
export async function statementTimeLimit(db: Db): Promise<string> {
  const { rows } = await sql<{ limit: string }>`SELECT current_setting('statement_timeout') AS limit`.execute(db);
  return rows[0]!.limit;
}

/** A database file the portal refuses to open, with a one-line message naming the file and what to do. */
export class DatabaseFileError extends Error {
  constructor(file: string, problem: string) {
    super(
      `The database file ${file} ${problem}. Restore it from a backup (npm run restore -- BACKUP-FILE into an empty DATA_DIR), or move it away to start a new, empty portal.`,
    );
    this.name = 'DatabaseFileError';
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** An existing file must be a non-empty SQLite database: an empty or foreign file is never taken for a new school. */
function checkSqliteHeader(file: string): void {
  const handle = fs.openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = fs.readSync(handle, header, 0, header.length, 0);
    if (fs.fstatSync(handle).size === 0) throw new DatabaseFileError(file, 'is empty (0 bytes)');
    if (read < header.length || !header.equals(SQLITE_HEADER)) throw new DatabaseFileError(file, 'is not an SQLite database');
  } finally {
    fs.closeSync(handle);
  }
}

/** Opens the SQLite file and, for a file on disk, runs `PRAGMA quick_check`: a damaged database is refused, never served. */
function openSqlite(file: string): SQLite.Database {
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file);
    if (file === ':memory:') return sqlite;
    const problems = (sqlite.pragma('quick_check') as Array<{ quick_check: string }>).map((row) => row.quick_check);
    if (problems.length !== 1 || problems[0] !== 'ok') throw new DatabaseFileError(file, `is damaged (quick_check: ${problems.slice(0, 3).join('; ')})`);
    return sqlite;
  } catch (error) {
    sqlite?.close();
    if (error instanceof DatabaseFileError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) {
      throw new DatabaseFileError(file, `is damaged (${(error as Error).message})`);
    }
    throw error;
  }
}

/** The current time as an ISO-8601 UTC string, the form every timestamp is stored in. */
export const nowIso = (): string => new Date().toISOString();
