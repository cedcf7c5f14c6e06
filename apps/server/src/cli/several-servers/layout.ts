import fs from 'node:fs';
import path from 'node:path';
import { projectFolder } from '../../core/paths.ts';

/** The three portal servers behind HAProxy. */
export const portalServers = ['portal-1', 'portal-2', 'portal-3'] as const;
export type PortalServer = (typeof portalServers)[number];

/** The two PostgreSQL servers: at first postgres-a is the primary and postgres-b its hot standby; a promotion turns that round. */
export const databaseServers = ['postgres-a', 'postgres-b'] as const;
export type DatabaseServer = (typeof databaseServers)[number];

/** Every part of the cluster, in the order it starts (and stops in reverse). */
export const partNames = [...databaseServers, 'haproxy', 'pgbouncer', ...portalServers] as const;
export type PartName = (typeof partNames)[number];

/** The first of the cluster's loopback ports, when none is given: HAProxy's, the portal's address. */
export const DEFAULT_PORT_BASE = 8100;

/**
 * Where everything of one cluster lives: its folder (the databases' data, each server's DATA_DIR,
 * the configurations written, the logs and the processes' record) and its loopback ports, all
 * counted from one base: the portal's address at the base, its servers just above, the databases
 * at +10, HAProxy's listeners for the primary and the standby at +20 and +21, and PgBouncer at +30.
 */
export type Layout = {
  folder: string;
  portBase: number;
  ports: {
    http: number;
    portal: Record<PortalServer, number>;
    database: Record<DatabaseServer, number>;
    /** HAProxy's listeners that lead to the primary and to the standby, whichever server each is. */
    primary: number;
    standby: number;
    pgbouncer: number;
  };
  /** The record of the processes started (`cluster.json`). */
  recordFile: string;
  logFile(part: PartName): string;
  dataFolder(part: DatabaseServer | PortalServer): string;
  haproxySocket: string;
  pgbouncerFolder: string;
};

/** The cluster's layout in `folder` (default `.cluster` in the project) from `portBase`. */
export function clusterLayout({
  folder = path.join(projectFolder, '.cluster'),
  portBase = DEFAULT_PORT_BASE,
}: { folder?: string; portBase?: number } = {}): Layout {
  const root = path.resolve(folder);
  return {
    folder: root,
    portBase,
    ports: {
      http: portBase,
      portal: { 'portal-1': portBase + 1, 'portal-2': portBase + 2, 'portal-3': portBase + 3 },
      database: { 'postgres-a': portBase + 10, 'postgres-b': portBase + 11 },
      primary: portBase + 20,
      standby: portBase + 21,
      pgbouncer: portBase + 30,
    },
    recordFile: path.join(root, 'cluster.json'),
    logFile: (part) => path.join(root, 'logs', `${part}.log`),
    dataFolder: (part) => (part.startsWith('postgres') ? path.join(root, 'postgres', part) : path.join(root, 'servers', part)),
    haproxySocket: path.join(root, 'haproxy', 'stats.sock'),
    pgbouncerFolder: path.join(root, 'pgbouncer'),
  };
}

/** A process the cluster started: its id, and when it began (`processStart`), so that a later process given the same id is never taken for it. */
export type StartedProcess = { pid: number; startedAt: string };

/** What the record keeps: the ports' base and each part's process. */
export type ClusterRecord = { portBase: number; parts: Partial<Record<PartName, StartedProcess>> };

/** The record of the cluster in `folder`, or null when none was started there. */
export function readRecord(folder: string): ClusterRecord | null {
  const file = clusterLayout({ folder }).recordFile;
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClusterRecord) : null;
}

/** Notes a part's process in the record (null: stopped). */
export function recordPart(layout: Layout, part: PartName, started: StartedProcess | null): void {
  const record = readRecord(layout.folder) ?? { portBase: layout.portBase, parts: {} };
  if (started) record.parts[part] = started;
  else delete record.parts[part];
  fs.mkdirSync(layout.folder, { recursive: true });
  fs.writeFileSync(layout.recordFile, `${JSON.stringify(record, null, 2)}\n`);
}

/** The layout of the cluster recorded in `folder`, with the ports it was started on. */
export function recordedLayout(folder?: string): Layout | null {
  const layout = clusterLayout({ folder });
  const record = readRecord(layout.folder);
  return record ? clusterLayout({ folder: layout.folder, portBase: record.portBase }) : null;
}
