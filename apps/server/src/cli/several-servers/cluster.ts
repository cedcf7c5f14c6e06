import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectFolder } from '../../core/paths.ts';
import { openDatabase } from '../../db/database.ts';
import { measureStandby } from '../../db/read-routing.ts';
import { HAPROXY_ADDRESS, haproxyServers, serversInUse, startHaproxy } from './haproxy.ts';
import {
  databaseServers,
  partNames,
  portalServers,
  readRecord,
  recordPart,
  type DatabaseServer,
  type Layout,
  type PartName,
  type PortalServer,
  type StartedProcess,
} from './layout.ts';
import { startPgBouncer } from './pgbouncer.ts';
import {
  hasData,
  goAlone,
  initPrimary,
  isStandbyFolder,
  makeStandby,
  postgresUrl,
  PORTAL_DATABASE,
  preparePrimary,
  promote,
  queryOnce,
  requireStandby,
  roleOf,
  standbysOf,
  startDatabase,
  waitsForStandby,
} from './postgres.ts';
import {
  ClusterError,
  endProcess,
  findPrograms,
  ownedFolder,
  portFree,
  processStart,
  serviceAccount,
  startDetached,
  stillRunning,
  waitFor,
  type Account,
  type Programs,
} from './programs.ts';

/** How the portal servers are run: the built server (`npm run cluster`) or its sources (the tests). */
export type PortalCommand = { program: string; args: string[] };

export type ClusterOptions = {
  /** Asked for when a portal server is to start (the command-line tool builds the server then, if it must). */
  portal: () => PortalCommand;
  /** Settings every portal server gets besides the cluster's own (the tests': no demo school, an admin password…). */
  settings?: Record<string, string>;
  /** Told of each step as it is done. */
  say?: (line: string) => void;
};

/** What `up` has to tell: the portal's address, and what its first server printed (how to sign in). */
export type ClusterUp = { address: string; notes: string[]; warnings: string[] };

/**
 * The settings of one portal server in the cluster: its own port and data folder, the files in
 * the database, the primary through PgBouncer in transaction mode, the heavy reads from whichever
 * server is the standby (through HAProxy's listener), HAProxy trusted for the client's address, and
 * a drain before each stop long enough for HAProxy to take the server out.
 * The operator's own settings (the environment, a .env in the project folder) come first.
 */
export function portalSettings(layout: Layout, server: PortalServer, settings: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // A server told to stop answers its health check 'draining' for 3 s before it stops taking
    // requests: HAProxy (a check each second, each half second once one failed, two to take a
    // server out) has stopped sending it any by then (decision 072).
    DRAIN_SECONDS: '3',
    ...settings,
    PORT: String(layout.ports.portal[server]),
    HOST: '127.0.0.1',
    DATA_DIR: layout.dataFolder(server),
    FILE_STORE: 'database',
    DATABASE_URL: postgresUrl(layout.ports.pgbouncer, PORTAL_DATABASE),
    DATABASE_POOLER: 'transaction',
    DATABASE_READ_URL: postgresUrl(layout.ports.standby, PORTAL_DATABASE),
    TRUST_PROXY: HAPROXY_ADDRESS,
    PORTAL_URL: `http://localhost:${layout.ports.http}`,
    LOG_FORMAT: 'json',
  };
}

/** What a part is, for messages. */
const described: Record<PartName, string> = {
  'postgres-a': 'PostgreSQL (postgres-a)',
  'postgres-b': 'PostgreSQL (postgres-b)',
  haproxy: 'HAProxy',
  pgbouncer: 'PgBouncer',
  'portal-1': 'portal server 1',
  'portal-2': 'portal server 2',
  'portal-3': 'portal server 3',
};

/** Every loopback port of the cluster, with what listens there and the part it is. */
function portsOf(layout: Layout): Array<[number, string, PartName]> {
  const { ports } = layout;
  return [
    [ports.http, "HAProxy (the portal's address)", 'haproxy'],
    ...portalServers.map((server): [number, string, PartName] => [ports.portal[server], described[server], server]),
    ...databaseServers.map((server): [number, string, PartName] => [ports.database[server], described[server], server]),
    [ports.primary, "HAProxy's listener for the primary", 'haproxy'],
    [ports.standby, "HAProxy's listener for the standby", 'haproxy'],
    [ports.pgbouncer, 'PgBouncer', 'pgbouncer'],
  ];
}

/** The parts of the recorded cluster whose processes still run. */
export function runningParts(layout: Layout): PartName[] {
  const parts = readRecord(layout.folder)?.parts ?? {};
  return partNames.filter((part) => {
    const started = parts[part];
    return started !== undefined && stillRunning(started.pid, started.startedAt);
  });
}

/** Whether the account the databases run as may reach the folder made for them in the cluster's (not when the cluster's is under a home only root may enter, say). */
function checkReachable(layout: Layout, account: Account): void {
  if (!account) return;
  const folder = ownedFolder(path.dirname(layout.dataFolder('postgres-a')), account);
  const reach = spawnSync('sh', ['-c', 'test -w "$0"', folder], { uid: account.uid, gid: account.gid });
  if (reach.status !== 0) {
    throw new ClusterError(
      `PostgreSQL runs as the ${account.name} account, which cannot reach ${folder}: choose a folder it can with --folder (for example /var/tmp/portal-cluster).`,
    );
  }
}

/**
 * Starts the whole cluster: the PostgreSQL primary and its hot standby (made with initdb and
 * pg_basebackup the first time, started again as they were after), HAProxy, PgBouncer and the
 * three portal servers, each recorded as it starts. The parts already running are left as they
 * are, so `up` also starts again what was stopped or killed. The first portal server starts
 * alone, and the others once it serves: the first start of an empty database makes the first
 * admin and the demo school there.
 */
export async function clusterUp(layout: Layout, options: ClusterOptions): Promise<ClusterUp> {
  const say = options.say ?? (() => undefined);
  const programs = findPrograms();
  const account = serviceAccount();
  const running = runningParts(layout);
  const recorded = readRecord(layout.folder);
  if (running.length === partNames.length) {
    throw new ClusterError(`The cluster in ${layout.folder} is running already: see npm run cluster -- status, or stop it with npm run cluster -- down.`);
  }
  if (running.length > 0 && recorded && recorded.portBase !== layout.portBase) {
    throw new ClusterError(
      `Part of the cluster in ${layout.folder} runs on the ports from ${recorded.portBase}: start the rest there (--port-base ${recorded.portBase}), or stop it first.`,
    );
  }
  for (const [port, what, part] of portsOf(layout)) {
    if (running.includes(part)) continue;
    if (!(await portFree(port))) throw new ClusterError(`Port ${port}, for ${what}, is in use: stop what uses it, or choose other ports with --port-base.`);
  }
  fs.mkdirSync(layout.folder, { recursive: true });
  if (running.length === 0) fs.writeFileSync(layout.recordFile, `${JSON.stringify({ portBase: layout.portBase, parts: {} }, null, 2)}\n`);
  checkReachable(layout, account);
  const found = { programs, account };
  const startIfStopped = async (part: PartName) => {
    if (!running.includes(part)) await startPart(layout, part, options, found);
  };

  await startDatabases(layout, programs, account, running, say);
  await startIfStopped('haproxy');
  await waitFor(
    "HAProxy to find the primary (deploy/haproxy.cfg's check, as the role haproxy_check)",
    async () => (await serversInUse(layout)).primary.length > 0,
    30_000,
  );
  await startIfStopped('pgbouncer');
  say('Starting the portal servers (the first alone)…');
  const [first, ...others] = portalServers.filter((server) => !running.includes(server));
  if (first) await startIfStopped(first);
  await Promise.all(others.map(startIfStopped));

  const warnings: string[] = [];
  const served = await waitFor('HAProxy to find a portal server ready', async () => (await serversInUse(layout)).portal.length > 0, 15_000).then(
    () => true,
    () => false,
  );
  if (!served) warnings.push(await whyNoServerIsReady(layout));
  return { address: `http://localhost:${layout.ports.http}`, notes: first ? startNotes(layout, first) : [], warnings };
}

/** Starts the databases not running: made new the first time, started again as they are after, the primary first. */
async function startDatabases(layout: Layout, programs: Programs, account: Account, running: PartName[], say: (line: string) => void): Promise<void> {
  const made = databaseServers.filter((server) => hasData(layout, server));
  if (made.length === 0) {
    say('Making the primary (initdb) and its hot standby (pg_basebackup)…');
    initPrimary(layout, programs, account, 'postgres-a');
    recordPart(layout, 'postgres-a', await startDatabase(layout, programs, account, 'postgres-a'));
    await preparePrimary(layout.ports.database['postgres-a']);
    await makeStandby(layout, programs, account, 'postgres-b', layout.ports.database['postgres-a']);
    recordPart(layout, 'postgres-b', await startDatabase(layout, programs, account, 'postgres-b'));
    await requireStandby(layout.ports.database['postgres-a'], 'postgres-b');
    return;
  }
  const primaries = made.filter((server) => !isStandbyFolder(layout, server));
  if (primaries.length !== 1) {
    const [promoted] = primaries.filter((server) => running.includes(server));
    throw new ClusterError(
      primaries.length === 0
        ? `Neither database of ${layout.folder} is a primary: remove the folder to start afresh.`
        : `Both databases of ${layout.folder} have been primaries: the one promoted last must run alone (npm run cluster -- start ${promoted ?? 'NAME'}), the other be made its standby (npm run cluster -- rebuild ${promoted ? otherOf(promoted) : 'NAME'}), then npm run cluster -- up starts the rest.`,
    );
  }
  const [primary] = primaries as [DatabaseServer];
  const stopped = [primary, ...made.filter((server) => server !== primary)].filter((server) => !running.includes(server));
  if (stopped.length > 0) say(`Starting ${stopped.join(' and ')} again…`);
  for (const server of stopped) recordPart(layout, server, await startDatabase(layout, programs, account, server));
  const standby = made.find((server) => server !== primary);
  if (standby) await requireStandby(layout.ports.database[primary], standby);
}

/** Where the portal's start notes begin in a server's log: what it printed after this offset is this start's. */
const logOffsets = new Map<string, number>();

/**
 * Starts one part of the cluster (after `down`, `stop` or `kill`) and records it; resolves once
 * it serves. A database starts as what its folder is (a primary, or a standby of the primary).
 */
export async function startPart(
  layout: Layout,
  part: PartName,
  options: ClusterOptions,
  found: { programs: Programs; account: Account } = { programs: findPrograms(), account: serviceAccount() },
): Promise<void> {
  const { programs, account } = found;
  const say = options.say ?? (() => undefined);
  if (runningParts(layout).includes(part)) throw new ClusterError(`${described[part]} is running already.`);
  const isDatabase = part === 'postgres-a' || part === 'postgres-b';
  // A former primary started as one beside the promoted standby would take writes of its own.
  if (isDatabase && !isStandbyFolder(layout, part) && (await roleOf(layout.ports.database[otherOf(part)])) === 'primary') {
    throw new ClusterError(`${otherOf(part)} is the primary now: ${part} may come back only as its standby (npm run cluster -- rebuild ${part}).`);
  }
  say(`Starting ${described[part]}…`);
  let started: StartedProcess;
  if (isDatabase) {
    started = await startDatabase(layout, programs, account, part);
    recordPart(layout, part, started);
    // A standby started again is waited for again by the primary's commits.
    const primaryPort = layout.ports.database[otherOf(part)];
    if (isStandbyFolder(layout, part) && (await roleOf(primaryPort)) === 'primary') await requireStandby(primaryPort, part);
  } else if (part === 'haproxy') started = await startHaproxy(programs.haproxy, layout);
  else if (part === 'pgbouncer') {
    started = await startPgBouncer(programs.pgbouncer, {
      folder: layout.pgbouncerFolder,
      port: layout.ports.pgbouncer,
      target: { host: '127.0.0.1', port: layout.ports.primary },
      user: 'postgres',
      logFile: layout.logFile('pgbouncer'),
      account,
    });
  } else started = await startPortal(layout, part, options);
  recordPart(layout, part, started);
}

/** Starts one portal server and waits for its "running at" line. */
async function startPortal(layout: Layout, server: PortalServer, options: ClusterOptions): Promise<StartedProcess> {
  const logFile = layout.logFile(server);
  fs.mkdirSync(layout.dataFolder(server), { recursive: true });
  const offset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  logOffsets.set(logFile, offset);
  const { program, args } = options.portal();
  const pid = startDetached(program, args, {
    account: null,
    cwd: projectFolder,
    env: portalSettings(layout, server, options.settings),
    logFile,
  });
  const startedAt = processStart(pid);
  if (!startedAt) throw new ClusterError(`${described[server]} ended as it started: see ${logFile}.`);
  await waitFor(
    `${described[server]} to serve (see ${logFile})`,
    () => {
      const printed = logSince(logFile, offset);
      if (/running at http/.test(printed)) return true;
      if (processStart(pid) !== startedAt) throw new ClusterError(`${described[server]} could not start: ${lastLines(printed)}`);
      return false;
    },
    180_000,
  );
  return { pid, startedAt };
}

const logSince = (file: string, offset: number) => (fs.existsSync(file) ? fs.readFileSync(file).subarray(offset).toString() : '');
const lastLines = (text: string) => text.trim().split('\n').slice(-3).join(' ');

/** The lines a portal server printed between its rules of '=' at its last start: the address, how to sign in. */
function startNotes(layout: Layout, server: PortalServer): string[] {
  const file = layout.logFile(server);
  const lines = logSince(file, logOffsets.get(file) ?? 0).split('\n');
  const rules = lines.flatMap((line, index) => (/^={10,}$/.test(line) ? [index] : []));
  if (rules.length < 2) return [];
  // The server names its own port; the portal's address is HAProxy's.
  const address = (line: string) => line.replaceAll(`localhost:${layout.ports.portal[server]}`, `localhost:${layout.ports.http}`);
  return lines
    .slice(rules[0]! + 1, rules[1])
    .filter((line) => !/running at/.test(line))
    .map(address);
}

/** Why HAProxy counts no portal server ready, in a sentence. */
async function whyNoServerIsReady(layout: Layout): Promise<string> {
  const health = await healthOf(layout.ports.portal['portal-1']);
  if (health.status === 404) {
    return 'HAProxy sends no request to the portal servers yet: they have no GET /api/health in this build, so its check counts them down and the address answers 503. Each server answers on its own port meanwhile.';
  }
  return `HAProxy counts every portal server down (portal-1's /api/health: ${health.text}): see npm run cluster -- status and the logs in ${layout.folder}/logs.`;
}

/** A portal server's GET /api/health, in words. */
async function healthOf(port: number): Promise<{ status: number | null; text: string }> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
    const body = (await answer.json().catch(() => ({}))) as { status?: string };
    if (answer.status === 404) return { status: 404, text: 'no GET /api/health in this build (HAProxy counts it down)' };
    return { status: answer.status, text: `${body.status ?? 'answers'} (${answer.status})` };
  } catch {
    return { status: null, text: 'no answer' };
  }
}

/** How a part is stopped gracefully, and how long it may take before it is killed. */
const stopping: Record<'database' | 'haproxy' | 'pgbouncer' | 'portal', { signal: NodeJS.Signals; patienceMs: number }> = {
  // A portal server finishes its requests and stops within 10 s (decision 017).
  portal: { signal: 'SIGTERM', patienceMs: 15_000 },
  // PgBouncer's immediate stop: its clients, the portal servers, have stopped first.
  pgbouncer: { signal: 'SIGTERM', patienceMs: 10_000 },
  // HAProxy's soft stop: it stops listening and ends once its connections have.
  haproxy: { signal: 'SIGUSR1', patienceMs: 5_000 },
  // PostgreSQL's fast shutdown: open transactions are rolled back, everything committed is kept.
  database: { signal: 'SIGINT', patienceMs: 60_000 },
};
const kindOf = (part: PartName) => (part.startsWith('postgres') ? 'database' : part.startsWith('portal') ? 'portal' : (part as 'haproxy' | 'pgbouncer'));

/**
 * Stops one part gracefully (`kill`: at once, with SIGKILL, as a crash would); answers how it
 * ended. A standby stopped gracefully lets the primary go on alone (`goAlone`), unless the whole
 * cluster stops; a killed one leaves the primary's commits waiting, as a lost standby would.
 */
export async function stopPart(
  layout: Layout,
  part: PartName,
  { kill = false, primaryGoesAlone }: { kill?: boolean; primaryGoesAlone?: boolean } = {},
): Promise<'ended' | 'killed' | 'not running'> {
  const started = readRecord(layout.folder)?.parts[part];
  let ended: 'ended' | 'killed' | 'not running' = 'not running';
  if (started) {
    const { signal, patienceMs } = kill ? { signal: 'SIGKILL' as const, patienceMs: 5000 } : stopping[kindOf(part)];
    ended = await endProcess(started.pid, started.startedAt, signal, patienceMs);
    recordPart(layout, part, null);
  }
  if ((primaryGoesAlone ?? !kill) && (part === 'postgres-a' || part === 'postgres-b')) {
    const primaryPort = layout.ports.database[otherOf(part)];
    if ((await roleOf(primaryPort)) === 'primary') await goAlone(primaryPort);
  }
  return kill && ended === 'ended' ? 'killed' : ended;
}

/** Stops every part, the portal servers first and the databases last; answers a line for each. */
export async function clusterDown(layout: Layout): Promise<string[]> {
  const lines: string[] = [];
  const inOrder = [[...portalServers], ['pgbouncer'], ['haproxy'], ['postgres-b', 'postgres-a']] as PartName[][];
  for (const parts of inOrder) {
    const ended = await Promise.all(parts.map((part) => stopPart(layout, part, { primaryGoesAlone: false })));
    parts.forEach((part, index) =>
      lines.push(
        `${described[part]}: ${ended[index] === 'not running' ? 'was not running' : ended[index] === 'ended' ? 'stopped' : 'did not stop in time, killed'}`,
      ),
    );
  }
  return lines;
}

/** The other database server. */
const otherOf = (server: DatabaseServer): DatabaseServer => (server === 'postgres-a' ? 'postgres-b' : 'postgres-a');

/**
 * Promotes the standby to primary (after the primary died, or was stopped), and answers its name.
 * Refused while the primary still runs as one: two primaries would each take writes.
 */
export async function promoteStandby(layout: Layout): Promise<DatabaseServer> {
  const roles = await Promise.all(databaseServers.map((server) => roleOf(layout.ports.database[server])));
  const standby = databaseServers.find((_, index) => roles[index] === 'standby');
  const primary = databaseServers.find((_, index) => roles[index] === 'primary');
  if (!standby) throw new ClusterError('No standby answers: there is nothing to promote.');
  if (primary) throw new ClusterError(`${primary} still runs as the primary: stop or kill it first (npm run cluster -- stop ${primary}), then promote.`);
  await promote(layout.ports.database[standby]);
  return standby;
}

/**
 * Makes a stopped database server (a former primary, after a failover) a hot standby of the
 * primary again: a new copy of the primary, started and streaming, the primary's commits waiting
 * for it again.
 */
export async function rebuildStandby(layout: Layout, server: DatabaseServer): Promise<void> {
  if (runningParts(layout).includes(server)) throw new ClusterError(`${server} is running: stop it first (npm run cluster -- stop ${server}).`);
  const primary = otherOf(server);
  if ((await roleOf(layout.ports.database[primary])) !== 'primary')
    throw new ClusterError(`${primary} does not answer as the primary: there is nothing to copy from.`);
  const programs = findPrograms();
  const account = serviceAccount();
  await makeStandby(layout, programs, account, server, layout.ports.database[primary]);
  recordPart(layout, server, await startDatabase(layout, programs, account, server));
  await requireStandby(layout.ports.database[primary], server);
}

/** One part's line in `status`. */
export type PartStatus = { part: PartName; running: boolean; detail: string };

/** Each part up or down, with what it says of itself: the databases' roles and the standby's lag, HAProxy's view of the servers, each portal server's health. */
export async function clusterStatus(layout: Layout): Promise<PartStatus[]> {
  const running = runningParts(layout);
  const roles = Object.fromEntries(await Promise.all(databaseServers.map(async (server) => [server, await roleOf(layout.ports.database[server])]))) as Record<
    DatabaseServer,
    'primary' | 'standby' | null
  >;
  const primary = databaseServers.find((server) => roles[server] === 'primary');
  const checked = await haproxyServers(layout).catch(() => null);
  const lines: PartStatus[] = [];
  for (const part of partNames) {
    const isRunning = running.includes(part);
    let detail = isRunning ? '' : 'stopped';
    if (part === 'postgres-a' || part === 'postgres-b') {
      const port = layout.ports.database[part];
      if (roles[part] === 'primary') detail = `primary on port ${port}${await standbyNote(port)}`;
      else if (roles[part] === 'standby') detail = `standby on port ${port}, ${await lagNote(primary && layout.ports.database[primary], port)}`;
      else if (isRunning) detail = `not answering on port ${port}`;
    } else if (part === 'haproxy' && checked) {
      const up = (backend: string) => checked.filter((entry) => entry.backend === backend && entry.status.startsWith('UP')).map((entry) => entry.server);
      detail = `http://localhost:${layout.ports.http}: portal servers up ${up('portal-servers').join(', ') || 'none'}; primary ${up('postgres-primary').join(', ') || 'none'}; standby ${up('postgres-standby').join(', ') || 'none'}`;
    } else if (part === 'pgbouncer' && isRunning) {
      detail = (await pgBouncerServes(layout))
        ? `port ${layout.ports.pgbouncer}, reaches the primary`
        : `port ${layout.ports.pgbouncer}, does not reach the primary`;
    } else if (part.startsWith('portal') && isRunning) {
      const port = layout.ports.portal[part as PortalServer];
      detail = `port ${port}: ${(await healthOf(port)).text}`;
    }
    lines.push({ part, running: isRunning, detail });
  }
  return lines;
}

/** Whether the primary waits for its standby, in words. */
async function standbyNote(primaryPort: number): Promise<string> {
  const standbys = await standbysOf(primaryPort).catch(() => []);
  if (standbys.length === 0 && (await waitsForStandby(primaryPort).catch(() => false))) {
    return ', its commits wait for a standby that does not stream: writes are held until it streams again (npm run cluster -- start NAME), or until it is stopped (npm run cluster -- stop NAME) and the primary goes on alone';
  }
  if (standbys.length === 0) return ', no standby streaming';
  return standbys.map((standby) => `, ${standby.name} ${standby.state}${standby.sync === 'sync' ? ' (commits wait for it)' : ''}`).join('');
}

/** How far the standby is behind the primary, measured as the portal measures it (decision 073). */
async function lagNote(primaryPort: number | undefined, standbyPort: number): Promise<string> {
  if (!primaryPort) return 'no primary to measure its lag against';
  const primary = openDatabase({ databaseUrl: postgresUrl(primaryPort) }).db;
  const standby = openDatabase({ databaseUrl: postgresUrl(standbyPort) }).db;
  try {
    const state = await measureStandby(primary, standby);
    if (state.kind !== 'standby') return state.kind === 'no answer' ? `lag unknown (${state.problem})` : 'no longer a standby';
    return `${(state.lagMs / 1000).toFixed(1)} s behind the primary${state.lagMs < 5000 ? ' (serves the heavy reads)' : ' (too far behind for the heavy reads)'}`;
  } finally {
    await Promise.all([primary.destroy(), standby.destroy()]);
  }
}

/** Whether a statement through PgBouncer reaches the primary. */
async function pgBouncerServes(layout: Layout): Promise<boolean> {
  return queryOnce(layout.ports.pgbouncer, 'SELECT 1', [], PORTAL_DATABASE).then(
    () => true,
    () => false,
  );
}

/** Waits until HAProxy sends the portal's statements to `server` (after a promotion, say). */
export async function waitForPrimary(layout: Layout, server: DatabaseServer, ms = 30_000): Promise<void> {
  await waitFor(`HAProxy to send the primary's connections to ${server}`, async () => (await serversInUse(layout)).primary.includes(server), ms);
}
