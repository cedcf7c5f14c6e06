import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { deployFolder } from '../../core/paths.ts';
import type { DatabaseServer, Layout } from './layout.ts';
import { ClusterError, ownedFolder, processStart, runToEnd, startDetached, waitFor, type Account, type Programs } from './programs.ts';

/** The portal's database in the cluster. */
export const PORTAL_DATABASE = 'portal';
/** The login role HAProxy's check of the primary uses (deploy/haproxy.cfg): it may log in, and read nothing. */
export const CHECK_ROLE = 'haproxy_check';

/** A URL of one of the cluster's PostgreSQL servers, as its superuser (trusted on loopback). */
export const postgresUrl = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

/** Runs one statement on its own connection, which is closed again. */
export async function queryOnce<Row extends Record<string, unknown>>(
  port: number,
  text: string,
  values: unknown[] = [],
  database = 'postgres',
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: postgresUrl(port, database), connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether the server on `port` answers a query. */
export const answers = (port: number): Promise<boolean> =>
  queryOnce(port, 'SELECT 1').then(
    () => true,
    () => false,
  );

/** Whether the server on `port` is the primary or a standby; null when it does not answer. */
export async function roleOf(port: number): Promise<'primary' | 'standby' | null> {
  try {
    const [row] = await queryOnce<{ recovering: boolean }>(port, 'SELECT pg_is_in_recovery() AS recovering');
    return row!.recovering ? 'standby' : 'primary';
  } catch {
    return null;
  }
}

/** Whether the data folder holds a database of its own yet. */
export const hasData = (layout: Layout, server: DatabaseServer) => fs.existsSync(path.join(layout.dataFolder(server), 'PG_VERSION'));

/** Whether the data folder is a standby's (it replays the primary's WAL when started). */
export const isStandbyFolder = (layout: Layout, server: DatabaseServer) => fs.existsSync(path.join(layout.dataFolder(server), 'standby.signal'));

/**
 * A new, empty primary: initdb with trust on loopback (the cluster is for one machine; a real
 * deployment sets passwords, see README), the replication settings of deploy/ included.
 */
export function initPrimary(layout: Layout, programs: Programs, account: Account, server: DatabaseServer): void {
  const data = layout.dataFolder(server);
  ownedFolder(path.dirname(data), account);
  runToEnd(programs.initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], { account, cwd: path.dirname(data) });
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    `\n# The portal's replication settings\ninclude '${path.join(deployFolder, 'postgresql-replication.conf')}'\n`,
  );
}

/** After the new primary's first start: the portal's database and HAProxy's check role. */
export async function preparePrimary(port: number): Promise<void> {
  await queryOnce(port, `CREATE DATABASE ${PORTAL_DATABASE}`);
  await queryOnce(port, `CREATE ROLE ${CHECK_ROLE} LOGIN`);
}

/**
 * Starts one PostgreSQL server on its loopback port (no Unix socket, so several clusters on one
 * machine never meet), named after the part so that a primary lists its standby by that name;
 * resolves once it answers.
 */
export async function startDatabase(layout: Layout, programs: Programs, account: Account, server: DatabaseServer): Promise<{ pid: number; startedAt: string }> {
  const data = layout.dataFolder(server);
  const port = layout.ports.database[server];
  const pid = startDetached(
    programs.postgres,
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `cluster_name=${server}`],
    { account, cwd: data, env: { PATH: process.env.PATH, LANG: 'C.UTF-8' }, logFile: layout.logFile(server) },
  );
  const startedAt = processStart(pid);
  if (!startedAt) throw new ClusterError(`${server} ended as it started: see ${layout.logFile(server)}.`);
  await waitFor(
    `${server} to answer on port ${port} (see ${layout.logFile(server)})`,
    async () => {
      if (processStart(pid) !== startedAt) throw new ClusterError(`${server} stopped while starting: see ${layout.logFile(server)}.`);
      return answers(port);
    },
    120_000,
  );
  return { pid, startedAt };
}

/** The replication slot that keeps a standby's WAL on its primary. */
const slotOf = (server: DatabaseServer) => server.replace('-', '_');

/**
 * Makes `server` a hot standby of the primary on `primaryPort`: a copy of it by pg_basebackup
 * with `-R` (the connection to the primary and standby.signal written into the copy) and a
 * replication slot of its own. Whatever the folder held goes.
 */
export async function makeStandby(layout: Layout, programs: Programs, account: Account, server: DatabaseServer, primaryPort: number): Promise<void> {
  const data = layout.dataFolder(server);
  fs.rmSync(data, { recursive: true, force: true });
  ownedFolder(path.dirname(data), account);
  await queryOnce(primaryPort, 'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1', [slotOf(server)]);
  runToEnd(
    programs.pg_basebackup,
    ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast', '-C', '-S', slotOf(server)],
    { account, cwd: path.dirname(data) },
  );
}

/**
 * Once the standby streams, the primary answers a commit only when the standby has it on disk
 * (deploy/postgresql-replication.conf says why it is set here and not in the shared file).
 */
export async function requireStandby(primaryPort: number, standby: DatabaseServer): Promise<void> {
  await waitFor(
    `${standby} to stream from the primary`,
    async () => (await queryOnce(primaryPort, "SELECT 1 FROM pg_stat_replication WHERE application_name = $1 AND state = 'streaming'", [standby])).length > 0,
    60_000,
  );
  await queryOnce(primaryPort, "ALTER SYSTEM SET synchronous_standby_names = '*'");
  await queryOnce(primaryPort, 'SELECT pg_reload_conf()');
}

/**
 * The primary goes on without its standby: its commits wait for none. While the standby it waits
 * for is gone, every commit waits (PostgreSQL's statement time limit does not end that wait), so
 * a standby stopped on purpose lets the primary go on alone, and one started again is waited for
 * again (`requireStandby`).
 */
export async function goAlone(primaryPort: number): Promise<void> {
  await queryOnce(primaryPort, 'ALTER SYSTEM RESET synchronous_standby_names');
  await queryOnce(primaryPort, 'SELECT pg_reload_conf()');
}

/** Whether the primary's commits wait for a standby. */
export async function waitsForStandby(primaryPort: number): Promise<boolean> {
  const [row] = await queryOnce<{ names: string }>(primaryPort, "SELECT current_setting('synchronous_standby_names') AS names");
  return (row?.names ?? '') !== '';
}

/** Promotes the standby on `port` to primary, waiting (up to 30 s) until it accepts writes. */
export async function promote(port: number): Promise<void> {
  const [row] = await queryOnce<{ promoted: boolean }>(port, 'SELECT pg_promote(true, 30) AS promoted');
  if (!row?.promoted) throw new ClusterError(`The standby on port ${port} was not promoted within 30 s.`);
}

/** What the primary knows of its standbys: each one's name, state, whether the primary waits for it, and how far behind it replays. */
export async function standbysOf(primaryPort: number): Promise<Array<{ name: string; state: string; sync: string; replayLagMs: number | null }>> {
  const rows = await queryOnce<{ name: string; state: string; sync: string; lag: number | null }>(
    primaryPort,
    'SELECT application_name AS name, state, sync_state AS sync, (EXTRACT(EPOCH FROM replay_lag) * 1000)::float8 AS lag FROM pg_stat_replication',
  );
  return rows.map((row) => ({ name: row.name, state: row.state, sync: row.sync, replayLagMs: row.lag }));
}
