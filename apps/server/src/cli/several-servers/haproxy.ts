import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deployFolder } from '../../core/paths.ts';
import type { Layout } from './layout.ts';
import { ClusterError, processStart, startDetached, waitFor } from './programs.ts';

/** The name of a group, from the system's list of groups. */
function groupName(gid: number): string {
  const line = fs
    .readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[2] === String(gid));
  return line?.split(':')[0] ?? String(gid);
}

/**
 * The loopback address HAProxy calls the portal servers from, which they trust (TRUST_PROXY) for
 * the client's address: another than the clients' 127.0.0.1, so that one machine tells them apart
 * as several would.
 */
export const HAPROXY_ADDRESS = '127.0.0.2';

/**
 * deploy/haproxy.cfg's variables for this cluster: its loopback ports, its stats socket, HAProxy's
 * log on its output and HAProxy run as the user who runs the cluster.
 */
export function haproxyEnvironment(layout: Layout): NodeJS.ProcessEnv {
  const local = (port: number) => `127.0.0.1:${port}`;
  return {
    PATH: process.env.PATH,
    HAPROXY_LOG: 'stdout',
    HAPROXY_LOG_FORMAT: 'raw',
    HAPROXY_USER: os.userInfo().username,
    HAPROXY_GROUP: groupName(process.getgid?.() ?? 0),
    HAPROXY_SOCKET: layout.haproxySocket,
    PORTAL_LISTEN: local(layout.ports.http),
    PORTAL_PROXY_SOURCE: HAPROXY_ADDRESS,
    PORTAL_SERVER_1: local(layout.ports.portal['portal-1']),
    PORTAL_SERVER_2: local(layout.ports.portal['portal-2']),
    PORTAL_SERVER_3: local(layout.ports.portal['portal-3']),
    POSTGRES_PRIMARY_LISTEN: local(layout.ports.primary),
    POSTGRES_STANDBY_LISTEN: local(layout.ports.standby),
    POSTGRES_A: local(layout.ports.database['postgres-a']),
    POSTGRES_B: local(layout.ports.database['postgres-b']),
  };
}

/** Starts HAProxy on deploy/haproxy.cfg itself; resolves once its stats socket answers. */
export async function startHaproxy(program: string, layout: Layout): Promise<{ pid: number; startedAt: string }> {
  fs.mkdirSync(path.dirname(layout.haproxySocket), { recursive: true });
  const logFile = layout.logFile('haproxy');
  // -db: in the foreground, the process the cluster records.
  const pid = startDetached(program, ['-db', '-f', path.join(deployFolder, 'haproxy.cfg')], {
    account: null,
    cwd: layout.folder,
    env: haproxyEnvironment(layout),
    logFile,
  });
  const startedAt = processStart(pid);
  if (!startedAt) throw new ClusterError(`HAProxy ended as it started: see ${logFile}.`);
  await waitFor(
    `HAProxy to start (see ${logFile})`,
    async () => {
      if (processStart(pid) !== startedAt) throw new ClusterError(`HAProxy stopped while starting: see ${logFile}.`);
      return (await haproxyServers(layout).catch(() => [])).length > 0;
    },
    30_000,
  );
  return { pid, startedAt };
}

/** A server behind HAProxy as its checks see it: UP, DOWN, MAINT, or on its way (e.g. 'DOWN 1/2'). */
export type CheckedServer = { backend: string; server: string; status: string; check: string };

/** Every server HAProxy balances, with the state its checks gave it (the stats socket's `show stat`). */
export function haproxyServers(layout: Pick<Layout, 'haproxySocket'>): Promise<CheckedServer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(layout.haproxySocket);
    let text = '';
    socket.setTimeout(3000, () => socket.destroy(new Error('HAProxy did not answer on its stats socket')));
    socket.on('connect', () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [header, ...rows] = text.trim().split('\n');
      const columns = (header ?? '').replace(/^# /, '').split(',');
      const at = (name: string) => columns.indexOf(name);
      const servers = rows
        .map((row) => row.split(','))
        .filter((fields) => !['FRONTEND', 'BACKEND'].includes(fields[at('svname')] ?? 'FRONTEND'))
        .map((fields) => ({
          backend: fields[at('pxname')] ?? '',
          server: fields[at('svname')] ?? '',
          status: fields[at('status')] ?? '',
          check: fields[at('check_status')] ?? '',
        }));
      resolve(servers);
    });
  });
}

/** The portal servers and the database servers HAProxy sends work to now. */
export async function serversInUse(layout: Layout): Promise<{ portal: string[]; primary: string[]; standby: string[] }> {
  const servers = await haproxyServers(layout);
  const up = (backend: string) => servers.filter((entry) => entry.backend === backend && entry.status.startsWith('UP')).map((entry) => entry.server);
  return { portal: up('portal-servers'), primary: up('postgres-primary'), standby: up('postgres-standby') };
}
