import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverCommand } from '../scripts/build-server.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-Pass-1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type RunningServer = { url: string; child: ChildProcess; startedInMs: number; stop(): Promise<void> };

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`server at ${url} did not answer in ${timeoutMs} ms`);
}

/** Starts node with `args` (a script and its options) and waits until `readyPath` answers 200. */
export async function startProcess(args: string[], env: Record<string, string>, readyPath: string, timeoutMs = 120_000): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url + readyPath, child, timeoutMs);
  const startedInMs = performance.now() - started;
  return {
    url,
    child,
    startedInMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The built portal (as `npm start` runs it), on a data folder (and optionally PostgreSQL), with the demo school; `settings` adds to its environment (WORKERS). */
export function startPortal(dataDir: string, databaseUrl?: string, settings: Record<string, string> = {}): Promise<RunningServer> {
  fs.mkdirSync(dataDir, { recursive: true });
  return startProcess(
    // To profile the server under load: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/out".
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...serverCommand],
    {
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...settings,
    },
    '/api/config',
  );
}

/** Resident memory of a process in MB, from /proc. */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Runs `work` with a new PostgreSQL database on the server `serverUrl` names and a new data
 * folder, both removed afterwards however `work` ends.
 */
export async function withFreshPostgres<T>(serverUrl: string, label: string, work: (databaseUrl: string, dataDir: string) => Promise<T>): Promise<T> {
  const name = `portal_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  try {
    return await work(databaseUrl.toString(), dataDir);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
