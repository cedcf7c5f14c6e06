/**
 * Why the database could not serve a statement for now, told from the drivers' errors (both
 * dialects' codes live here, decision 041):
 * - `busy`: it waited its time limit for a lock, a connection or the file, and was given up; nothing of it was done.
 * - `unreachable`: no connection could be had or the connection was broken before the statement was sent; nothing of it was done.
 * - `cut`: the connection was lost while the statement was under way: a write may have committed
 *   (PostgreSQL ended by `pg_terminate_backend` during a COMMIT, say), or not.
 * - `full`: no disk space left (SQLite's SQLITE_FULL, PostgreSQL's disk_full).
 */
export type DatabaseFault = 'busy' | 'unreachable' | 'cut' | 'full';

/**
 * SQLite's busy and locked; PostgreSQL's statement and lock timeouts (a stall), too many connections
 * or a server starting up, and a transaction it rolled back to end a deadlock or a serialization conflict.
 */
const busyCodes = /^(SQLITE_BUSY|SQLITE_LOCKED)|^(57014|55P03|53300|57P03|40P01|40001)$/;
/** Refused before anything was sent: no server there, no such host, or the server refused the connection. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', '08001', '08004']);
/** The connection ended under a statement: the server ended it (57P01, 57P02), or the network did. */
const cutCodes = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * PgBouncer's refusals (decision 068), which it sends with the code of a broken connection
 * (08P01) though no statement of the client's went to PostgreSQL: it waited its limit for a
 * server connection, or could not make one (the primary down, a failover under way).
 */
const poolerMessages: Array<[RegExp, DatabaseFault]> = [
  [/query_wait_timeout|no more connections allowed/i, 'busy'],
  [/client_login_timeout|cannot connect to server|server login has been failing/i, 'unreachable'],
];

/** pg's and pg-pool's own messages, which carry no code. */
const faultMessages: Array<[RegExp, DatabaseFault]> = [
  [/timeout exceeded when trying to connect/i, 'busy'],
  [/not queryable|connection timeout/i, 'unreachable'],
  [/connection terminated|terminating connection/i, 'cut'],
];

/** The fault behind `error` or any of its causes, or null when it is not the database's (a bad statement, a refused value). */
export function databaseFault(error: unknown): DatabaseFault | null {
  for (const { current, code } of causesOf(error)) {
    const refused = poolerMessages.find(([pattern]) => pattern.test(current.message));
    if (refused) return refused[1];
    if (code.startsWith('SQLITE_FULL') || code === '53100') return 'full';
    if (busyCodes.test(code)) return 'busy';
    if (unreachableCodes.has(code)) return 'unreachable';
    if (cutCodes.has(code) || code.startsWith('08')) return 'cut';
    const found = faultMessages.find(([pattern]) => pattern.test(current.message));
    if (found) return found[1];
  }
  return null;
}

/** True for SQLite's busy or locked, which a write may wait out by trying again. */
export const isSqliteBusy = (error: unknown): boolean => /^(SQLITE_BUSY|SQLITE_LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * True when `error` (or a cause of it) is a refused duplicate of a unique key: PostgreSQL's
 * unique_violation, SQLite's unique or primary key constraint. A change made meanwhile took the
 * value first.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (const { code } of causesOf(error)) {
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  }
  return false;
}

/** `error` and its causes, five deep at most, each with its driver's code ('' when it has none). */
function* causesOf(error: unknown): Generator<{ current: Error; code: string }> {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const raw = (current as Error & { code?: unknown }).code;
    yield { current, code: typeof raw === 'string' ? raw : '' };
  }
}
