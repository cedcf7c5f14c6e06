import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The programs the cluster runs, each with the Debian package it comes in. */
const packageOf = {
  initdb: 'postgresql',
  postgres: 'postgresql',
  pg_basebackup: 'postgresql',
  haproxy: 'haproxy',
  pgbouncer: 'pgbouncer',
} as const;

export type ProgramName = keyof typeof packageOf;
export type Programs = Record<ProgramName, string>;

/** A step of the cluster that cannot be done, in one line with what to do. */
export class ClusterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterError';
  }
}

/** Where a program may be: the PATH, the system folders a user's PATH often lacks, and Debian's PostgreSQL folders, newest first. */
function searchFolders(): string[] {
  const postgresVersions = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  return [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/sbin', ...postgresVersions];
}

/** Where a program is installed, or null. */
export const locate = (name: string): string | null =>
  searchFolders()
    .map((folder) => path.join(folder, name))
    .find(isExecutable) ?? null;

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Finds every program the cluster needs; a ClusterError naming the Debian packages to install when
 * one is missing. The cluster installs nothing itself. PostgreSQL's server programs come from
 * initdb's folder, so that initdb, postgres and pg_basebackup are of one version.
 */
export function findPrograms(): Programs {
  const folders = searchFolders();
  const find = (name: string, within = folders) => within.map((folder) => path.join(folder, name)).find(isExecutable);
  // Where initdb really is (a link to it may stand elsewhere on the PATH): its neighbours are of its version.
  const initdb = find('initdb');
  const postgresFolder = initdb && path.dirname(fs.realpathSync(initdb));
  const found: Partial<Programs> = {};
  const missing: ProgramName[] = [];
  for (const name of Object.keys(packageOf) as ProgramName[]) {
    const file = packageOf[name] === 'postgresql' ? postgresFolder && find(name, [postgresFolder]) : find(name);
    if (file) found[name] = file;
    else missing.push(name);
  }
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((name) => packageOf[name]))];
    throw new ClusterError(
      `The cluster needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed: install ${packages.join(' and ')} (on Debian: apt-get install ${packages.join(' ')}), then try again. It installs nothing itself.`,
    );
  }
  return found as Programs;
}

/** The account the databases and PgBouncer run as: a uid and gid, or null for this process's own. */
export type Account = { name: string; uid: number; gid: number } | null;

/**
 * PostgreSQL and PgBouncer refuse to run as root. Run as root, the cluster runs them as the
 * `postgres` system account (which the postgresql package creates), in folders that account owns;
 * run as anyone else, as that user.
 */
export function serviceAccount(): Account {
  if (process.getuid?.() !== 0) return null;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new ClusterError(
      'PostgreSQL refuses to run as root, and this machine has no postgres account to run it as: install the postgresql package (it creates one), or run the cluster as another user.',
    );
  }
  return { name: 'postgres', uid: Number(uid), gid: Number(gid) };
}

/** Makes a folder (and its parents) that `account` owns, so that the databases it runs may write there. */
export function ownedFolder(folder: string, account: Account): string {
  fs.mkdirSync(folder, { recursive: true });
  if (account) fs.chownSync(folder, account.uid, account.gid);
  return folder;
}

/** Runs a program to its end as `account`; a ClusterError with its last lines when it fails. */
export function runToEnd(program: string, args: string[], { account, cwd }: { account: Account; cwd: string }): string {
  const run = spawnSync(program, args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
  });
  if (run.error) throw new ClusterError(`${path.basename(program)} could not run: ${run.error.message}`);
  if (run.status !== 0) {
    const output = `${run.stderr}${run.stdout}`.trim().split('\n').slice(-3).join(' ');
    throw new ClusterError(`${path.basename(program)} failed (exit code ${run.status}): ${output}`);
  }
  return run.stdout;
}

/**
 * Starts a long-running process of the cluster on its own (its own process group, not ended with
 * the command that started it), its output appended to `logFile`; answers its process id.
 */
export function startDetached(
  program: string,
  args: string[],
  { account, cwd, env, logFile }: { account: Account; cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): number {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'a');
  try {
    const child = spawn(program, args, {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', log, log],
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
    });
    if (child.pid === undefined) throw new ClusterError(`${path.basename(program)} could not start: see ${logFile}.`);
    child.unref();
    return child.pid;
  } finally {
    fs.closeSync(log);
  }
}

/**
 * When the process began, as the system counts it (clock ticks since boot), or null when there
 * is no such process: with its id, it tells a process the cluster started from a later one that
 * was given the same id.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name, in brackets, may hold spaces: the fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process the cluster recorded still runs. */
export const stillRunning = (pid: number, startedAt: string): boolean => processStart(pid) === startedAt;

/**
 * Sends `signal` to the recorded process and waits for it to end; after `patienceMs` it is killed.
 * Answers how it ended.
 */
export async function endProcess(pid: number, startedAt: string, signal: NodeJS.Signals, patienceMs: number): Promise<'ended' | 'killed' | 'not running'> {
  if (!stillRunning(pid, startedAt)) return 'not running';
  process.kill(pid, signal);
  for (const until = Date.now() + patienceMs; Date.now() < until; await pause(50)) if (!stillRunning(pid, startedAt)) return 'ended';
  if (stillRunning(pid, startedAt)) process.kill(pid, 'SIGKILL');
  for (let tries = 0; tries < 100 && stillRunning(pid, startedAt); tries += 1) await pause(50);
  return 'killed';
}

/** Whether nothing listens on this loopback port. */
export const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks `condition` every 100 ms until it holds; a ClusterError saying what was waited for once `ms` have passed. */
export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until; await pause(100)) if (await condition()) return;
  if (!(await condition())) throw new ClusterError(`Waited ${Math.round(ms / 1000)} s for ${what}, in vain.`);
}
