import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ConfigError, type Config } from './core/config.ts';
import { DatabaseFileError, statementTimeLimit, type Db } from './db/database.ts';
import { uploadsDir } from './lib/file-store/index.ts';

/**
 * A start-up failure told in one line with its fix (decision 017): the server prints the message
 * alone and exits, with no stack trace unless DEBUG is set.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** Where DATABASE_URL points, for messages: user, host, port and database, never the password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const database = url.pathname.replace(/^\//, '') || '(default)';
    return `database '${decodeURIComponent(database)}' on ${url.hostname || 'localhost'}:${url.port || '5432'}${url.username ? ` as '${decodeURIComponent(url.username)}'` : ''}`;
  } catch {
    return 'the database named by DATABASE_URL';
  }
}

/**
 * Checks that the port can be listened on before anything is created (data folder, database, first
 * admin), so that a busy port never leaves a printed one-time password unseen.
 */
export async function assertPortFree(config: Pick<Config, 'port' | 'host'>): Promise<void> {
  if (config.port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(listenError(error, config)));
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A failure to listen, in one line with its fix; other errors unchanged. */
export function listenError(error: unknown, config: Pick<Config, 'port' | 'host'>): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${config.port} on ${config.host} is already in use (is the portal already running?). Stop the program using it, or set PORT to a free port, e.g. PORT=${config.port + 1} npm start.`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(`Port ${config.port} needs administrator rights on this machine. Set PORT to 1024 or above, e.g. PORT=8000 npm start.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`HOST ${config.host} is not an address of this machine. Set HOST to 127.0.0.1 (this machine only) or 0.0.0.0 (every network).`);
  }
  return error;
}

/**
 * Whether the SQLite data folder is new (no database file yet), so the demo school may be created.
 * A folder whose uploads survive without their database is refused: that is a lost database, not a new school.
 */
export function isNewSqliteDataFolder(config: Pick<Config, 'dataDir'>, sqliteFile: string): boolean {
  if (fs.existsSync(sqliteFile)) return false;
  const uploads = uploadsDir(config);
  const stored = fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((entry) => !entry.startsWith('.')) : [];
  if (stored.length > 0) {
    throw new StartupError(
      `The data folder ${config.dataDir} has uploaded files but no database (${path.basename(sqliteFile)}). Restore the database from a backup (npm run restore -- BACKUP-FILE into an empty DATA_DIR), or set DATA_DIR to a new folder.`,
    );
  }
  return true;
}

const postgresProblems: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the user may not sign in',
  '3D000': 'that database does not exist',
  ECONNREFUSED: 'nothing is listening there',
  ENOTFOUND: 'that host name is unknown',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
};

/** An error met while first reaching PostgreSQL, as one line naming where (never the password) and the fix. */
export function databaseConnectionError(error: unknown, databaseUrl: string): StartupError | null {
  const code = (error as { code?: string }).code ?? '';
  const problem =
    postgresProblems[code] ??
    (code.startsWith('08') || code.startsWith('28') ? (error as Error).message : undefined) ??
    // No answer within DATABASE_TIMEOUT_MS (pg-pool's own error has no code).
    (/connection timeout/i.test((error as Error)?.message ?? '') ? 'it did not answer in time (DATABASE_TIMEOUT_MS)' : undefined);
  if (!problem) return null;
  const fix =
    code === '3D000'
      ? 'Create it (for example with createdb) or correct DATABASE_URL.'
      : 'Check that PostgreSQL is running there and that DATABASE_URL (user, password, host, port, database) is right.';
  return new StartupError(`Cannot reach PostgreSQL (DATABASE_URL): ${describeDatabaseUrl(databaseUrl)}: ${problem}. ${fix}`, { cause: error });
}

/** Any start-up failure as the one line to print (the fix included); the details only when DEBUG is set. */
export function startupFailureLine(error: unknown): string {
  if (error instanceof StartupError || error instanceof DatabaseFileError) return error.message;
  if (error instanceof ConfigError)
    return `${error.summary} Correct ${error.problems.length > 1 ? 'these settings' : 'this setting'} in the environment or .env (see .env.example).`;
  const code = (error as { code?: string }).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    const file = (error as { path?: string }).path;
    return `The portal may not write ${file ?? 'its data folder'} (${code}). Set DATA_DIR to a folder it may write, or change that folder's permissions.`;
  }
  if (code === 'ENOSPC') return 'The disk is full. Free some space, then start the portal again.';
  const message = error instanceof Error ? error.message : String(error);
  return `The portal could not start: ${message.split('\n')[0]}. Set DEBUG=1 to see the details.`;
}

/**
 * Behind a transaction pooler the portal sets no time limit on its connections (decision 068):
 * the pooler's database entry does. When it does not, a stalled database would hold requests for
 * the whole stall, so start-up says how to set it; null when a limit is in force or no pooler is used.
 */
export async function poolerWithoutTimeLimit(db: Db, config: Pick<Config, 'databasePooler' | 'databaseTimeoutMs'>): Promise<string | null> {
  if (config.databasePooler !== 'transaction' || (await statementTimeLimit(db)) !== '0') return null;
  return `Warning: PostgreSQL gives the pooler's connections no statement time limit, so a stalled database would hold requests. Set connect_query='SET statement_timeout = ${config.databaseTimeoutMs}' on the portal's database in pgbouncer.ini (as deploy/pgbouncer.ini does), or ALTER ROLE … SET statement_timeout.`;
}

/**
 * Several server processes need PostgreSQL (decision 028): with SQLite every process would keep
 * its own group commit on one file, and their writers would wait on each other's locks.
 */
export function assertWorkersSupported(config: Pick<Config, 'workers' | 'databaseUrl'>): void {
  if (config.workers > 1 && !config.databaseUrl) {
    throw new StartupError(
      `WORKERS=${config.workers} needs PostgreSQL: set DATABASE_URL to a postgres:// URL, or set WORKERS=1 to run one process on the built-in SQLite file.`,
    );
  }
}
