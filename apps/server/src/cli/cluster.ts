// `npm run cluster -- up|down|status`: the portal on several servers, tried on one machine (README,
// 'Several servers'): a PostgreSQL primary and its hot standby, HAProxy, PgBouncer and three portal
// servers on loopback ports. `start|stop|kill NAME`, `promote` and `rebuild NAME` work on one part.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { serverBundle, serverCommand } from '../../../../scripts/build-server.mjs';
import { webDist } from '../core/paths.ts';
import {
  clusterDown,
  clusterStatus,
  clusterUp,
  promoteStandby,
  rebuildStandby,
  startPart,
  stopPart,
  waitForPrimary,
  type PortalCommand,
} from './several-servers/cluster.ts';
import {
  clusterLayout,
  databaseServers,
  DEFAULT_PORT_BASE,
  partNames,
  readRecord,
  recordedLayout,
  type DatabaseServer,
  type PartName,
} from './several-servers/layout.ts';
import { ClusterError, runToEnd } from './several-servers/programs.ts';

const usage = `Usage: npm run cluster -- up [--port-base ${DEFAULT_PORT_BASE}] [--folder .cluster]
       npm run cluster -- down | status
       npm run cluster -- start NAME | stop NAME | kill NAME     (NAME: ${partNames.join(', ')})
       npm run cluster -- promote            (the standby becomes the primary, once the primary is stopped)
       npm run cluster -- rebuild NAME       (a stopped former primary becomes the new primary's standby)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'port-base': { type: 'string' }, folder: { type: 'string' } },
});
const [command, name] = positionals;

/** The built portal server, built first (once) if it is not yet. */
function builtPortal(): PortalCommand {
  if (!fs.existsSync(serverBundle) || !fs.existsSync(webDist)) {
    console.log('Building the portal first (a minute or two)…');
    runToEnd('npm', ['run', 'build'], { account: null, cwd: process.cwd() });
  }
  return { program: process.execPath, args: serverCommand };
}

const say = (line: string) => console.log(line);

/** The cluster recorded in the folder, or a ClusterError when none was started there. */
function recorded() {
  const layout = recordedLayout(values.folder);
  if (!layout) throw new ClusterError(`No cluster was started in ${clusterLayout({ folder: values.folder }).folder}: npm run cluster -- up starts one.`);
  return layout;
}

function partName(): PartName {
  if (!partNames.includes(name as PartName)) throw new ClusterError(`Name one part: ${partNames.join(', ')}.\n${usage}`);
  return name as PartName;
}

async function main(): Promise<number> {
  switch (command) {
    case 'up': {
      // The ports it ran on before, unless others are asked for.
      const portBase =
        values['port-base'] === undefined
          ? (readRecord(clusterLayout({ folder: values.folder }).folder)?.portBase ?? DEFAULT_PORT_BASE)
          : Number(values['port-base']);
      if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 65_000) throw new ClusterError('--port-base must be a whole number from 1024 to 65000.');
      const layout = clusterLayout({ folder: values.folder, portBase });
      const up = await clusterUp(layout, { portal: builtPortal, say });
      console.log(`\nThe portal runs on three servers behind HAProxy: ${up.address}`);
      for (const line of [...up.notes, ...up.warnings]) console.log(line);
      console.log('See every part with npm run cluster -- status; stop them all with npm run cluster -- down.');
      return 0;
    }
    case 'down': {
      for (const line of await clusterDown(recorded())) console.log(line);
      return 0;
    }
    case 'status': {
      for (const { part, running, detail } of await clusterStatus(recorded())) console.log(`${part.padEnd(11)} ${running ? 'up  ' : 'down'}  ${detail}`);
      return 0;
    }
    case 'start': {
      await startPart(recorded(), partName(), { portal: builtPortal, say });
      return 0;
    }
    case 'stop':
    case 'kill': {
      const part = partName();
      const ended = await stopPart(recorded(), part, { kill: command === 'kill' });
      console.log(`${part}: ${ended === 'not running' ? 'was not running' : ended}`);
      return 0;
    }
    case 'promote': {
      const layout = recorded();
      const promoted = await promoteStandby(layout);
      await waitForPrimary(layout, promoted);
      console.log(`${promoted} is the primary now, and HAProxy sends PgBouncer's connections to it.`);
      return 0;
    }
    case 'rebuild': {
      if (!databaseServers.includes(name as DatabaseServer)) throw new ClusterError(`Name the database to rebuild: ${databaseServers.join(' or ')}.`);
      await rebuildStandby(recorded(), name as DatabaseServer);
      console.log(`${name} is a hot standby of the primary again.`);
      return 0;
    }
    default:
      console.error(usage);
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ClusterError ? error.message : `The cluster command failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    process.exit(1);
  },
);
