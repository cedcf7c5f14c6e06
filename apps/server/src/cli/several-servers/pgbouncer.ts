import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { deployFolder } from '../../core/paths.ts';
import { ClusterError, ownedFolder, processStart, startDetached, waitFor, type Account } from './programs.ts';

/** Where PgBouncer listens and what it connects to, for a PgBouncer on this machine's loopback. */
export type PgBouncerSettings = {
  /** Its folder: the configuration written from deploy/pgbouncer.ini and the users' file. */
  folder: string;
  port: number;
  /** The PostgreSQL server (or HAProxy's listener in front of the primary) it connects to. */
  target: { host: string; port: number };
  /** The user its clients log in as, and connects as, with that user's password if any. */
  user: string;
  password?: string;
  /**
   * Every database of the target under its own name (`*`), rather than only the portal's: the
   * test suites make a database of their own per test file.
   */
  everyDatabase?: boolean;
  logFile: string;
  account: Account;
};

/**
 * PgBouncer's configuration: deploy/pgbouncer.ini as deployed, with this machine's loopback
 * address and port, the target's address, its clients trusted (loopback only) and its log on its
 * output. Everything else, transaction mode and the time limit of the portal's entry included,
 * is the deployed file's.
 */
export function pgBouncerIni(settings: PgBouncerSettings): string {
  const deployed = fs.readFileSync(path.join(deployFolder, 'pgbouncer.ini'), 'utf8');
  const overrides: Record<string, string> = {
    listen_addr: '127.0.0.1',
    listen_port: String(settings.port),
    auth_type: 'trust',
    auth_file: path.join(settings.folder, 'userlist.txt'),
    admin_users: settings.user,
    unix_socket_dir: '',
    logfile: '',
    pidfile: '',
  };
  let section = '';
  const lines = deployed.split('\n').map((line) => {
    const heading = /^\[(\w+)\]/.exec(line);
    if (heading) section = heading[1]!;
    const entry = /^(\S+)\s*=\s*(.*)$/.exec(line);
    if (!entry) return line;
    const [, key, value] = entry as unknown as [string, string, string];
    if (section === 'pgbouncer' && key in overrides) return `${key} = ${overrides[key]}`;
    if (section === 'databases' && key === 'portal') {
      let target = value.replace(/\bhost=\S+/, `host=${settings.target.host}`).replace(/\bport=\S+/, `port=${settings.target.port}`);
      if (settings.everyDatabase) target = target.replace(/\bdbname=\S+\s*/, '');
      const login = `user=${settings.user}${settings.password ? ` password=${settings.password}` : ''}`;
      return `${settings.everyDatabase ? '*' : key} = ${target} ${login}`;
    }
    return line;
  });
  return lines.join('\n');
}

/** Writes PgBouncer's configuration and starts it; resolves once it lets a client in. */
export async function startPgBouncer(program: string, settings: PgBouncerSettings): Promise<{ pid: number; startedAt: string }> {
  ownedFolder(settings.folder, settings.account);
  const ini = path.join(settings.folder, 'pgbouncer.ini');
  fs.writeFileSync(ini, pgBouncerIni(settings));
  fs.writeFileSync(path.join(settings.folder, 'userlist.txt'), `"${settings.user}" ""\n`);
  const pid = startDetached(program, [ini], { account: settings.account, cwd: settings.folder, env: { PATH: process.env.PATH }, logFile: settings.logFile });
  const startedAt = processStart(pid);
  if (!startedAt) throw new ClusterError(`PgBouncer ended as it started: see ${settings.logFile}.`);
  await waitFor(
    `PgBouncer to listen on port ${settings.port} (see ${settings.logFile})`,
    async () => {
      if (processStart(pid) !== startedAt) throw new ClusterError(`PgBouncer stopped while starting: see ${settings.logFile}.`);
      return listens(settings.port, settings.user);
    },
    30_000,
  );
  return { pid, startedAt };
}

/** Whether PgBouncer on `port` lets a client in (its own console answers without any server behind it). */
async function listens(port: number, user: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${port}/pgbouncer`, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SHOW VERSION');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
