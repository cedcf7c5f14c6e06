import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type Db = Kysely<Database>;
/** A repository method takes either the database or a transaction, so callers can group writes. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type DialectName = 'sqlite' | 'postgres';

export type DatabaseTarget = { databaseUrl?: string; sqliteFile?: string };

// PostgreSQL returns COUNT(*) and BIGINT as strings; every count here fits in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens the database: PostgreSQL when a URL is given, else the SQLite file (WAL, synchronous FULL). */
export function openDatabase(target: DatabaseTarget): { db: Db; dialect: DialectName } {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection dropped by the server (a restart, a failover) must not end the process;
    // the pool opens a new one for the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = target.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/** The current time as an ISO-8601 UTC string, the form every timestamp is stored in. */
export const nowIso = (): string => new Date().toISOString();
