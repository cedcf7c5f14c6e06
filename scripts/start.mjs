// `npm start`: build the web app and the server when a build is missing or older than its sources,
// then run the built server (which migrates, creates the first admin and the demo school when
// new, and listens).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverBundle, serverCommand } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const contract = ['packages/contract/src', 'packages/contract/package.json'];
/**
 * An npm script run without its listing of every file it wrote: a first start says what it builds in
 * a line, and prints the script's whole output only when it fails.
 */
const quietly = (args) => () => {
  const run = spawnSync('npm', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
  return run.status === 0;
};

const builds = [
  {
    name: 'the web app',
    output: path.join(root, 'apps/web/dist/index.html'),
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...contract],
    build: quietly(['run', 'build', '-w', 'apps/web']),
  },
  {
    name: 'the server',
    output: serverBundle,
    sources: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...contract],
    build: () => buildServer().then(() => true),
  },
];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

const builtAt = (output) => (fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0);
const isStale = ({ output, sources }) => builtAt(output) < Math.max(...sources.map((source) => newestChange(path.join(root, source))));

/**
 * Several servers started at the same moment from one folder (several portals on one machine,
 * decision 071) build one at a time: each waits for the file `lock` while another start holds it
 * (one whose process is gone is taken over), then looks again at what is still to build.
 */
async function oneBuildAtATime(lock, work) {
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (!isRunning(holder)) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

if (builds.some(isStale)) {
  const built = await oneBuildAtATime(path.join(root, '.building'), async () => {
    for (const entry of builds) {
      if (!isStale(entry)) continue;
      const label = entry.name.charAt(0).toUpperCase() + entry.name.slice(1);
      console.log(
        builtAt(entry.output) ? `${label} changed since its last build; building it again…` : `Building ${entry.name} (first start, a minute or two)…`,
      );
      if (!(await entry.build())) return false;
    }
    return true;
  });
  if (!built) process.exit(1);
}

// The server is a child process: a stop signal sent to `npm start` is passed on to it, and
// `npm start` ends with the server's exit code once the server has stopped gracefully.
const server = spawn(process.execPath, serverCommand, { stdio: 'inherit' });
const stopServer = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));
// npm runs this file through a shell and passes its stop signal to that shell only, which ends
// without passing it on: once the shell is gone, stop the server as if it had been signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM');
}, 200).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
