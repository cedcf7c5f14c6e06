import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgBouncer } from '../../src/cli/several-servers/pgbouncer.ts';
import { endProcess, locate, portFree, serviceAccount } from '../../src/cli/several-servers/programs.ts';

/** The ports a test's PgBouncer may take (several test processes run at once). */
const PORTS = { first: 18240, last: 18249 };

/** PgBouncer in transaction mode in front of TEST_DATABASE_URL's server: its port, the URL of a database through it, and how to stop it. */
export type TestPgBouncer = { port: number; urlOf(databaseUrl: string): string; stop(): Promise<void> };

/** The URL of a database of TEST_DATABASE_URL's server through the PgBouncer on `port` (which trusts its clients: loopback only). */
function urlThrough(port: number, databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.password = '';
  return url.toString();
}

/** The PgBouncer another process started (the run's, TEST_POOLER=pgbouncer), which that process stops. */
export const pgBouncerOn = (port: number): TestPgBouncer => ({ port, urlOf: (databaseUrl) => urlThrough(port, databaseUrl), stop: async () => undefined });

/** Whether PgBouncer is installed here: the tests that need it skip, saying so, when it is not. */
export const pgBouncerProgram = locate('pgbouncer');

/**
 * Starts PgBouncer as deployed (deploy/pgbouncer.ini: transaction mode, its time limit) on a free
 * port of 18240–18249, passing every database of TEST_DATABASE_URL's server under its own name.
 * It is stopped by `stop()`, or when the process that started it ends.
 */
export async function startTestPgBouncer(): Promise<TestPgBouncer> {
  if (!pgBouncerProgram) throw new Error('pgbouncer is not installed (Debian: apt-get install pgbouncer).');
  const server = new URL(process.env.TEST_DATABASE_URL ?? '');
  let port = PORTS.first;
  while (!(await portFree(port))) {
    port += 1;
    if (port > PORTS.last) throw new Error(`No free port for PgBouncer from ${PORTS.first} to ${PORTS.last}.`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgbouncer-'));
  const user = decodeURIComponent(server.username || 'postgres');
  const started = await startPgBouncer(pgBouncerProgram, {
    folder,
    port,
    target: { host: server.hostname, port: Number(server.port || 5432) },
    user,
    password: server.password ? decodeURIComponent(server.password) : undefined,
    everyDatabase: true,
    logFile: path.join(folder, 'pgbouncer.log'),
    account: serviceAccount(),
  });
  const kill = () => {
    try {
      process.kill(started.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.on('exit', kill);
  return {
    ...pgBouncerOn(port),
    async stop() {
      process.off('exit', kill);
      await endProcess(started.pid, started.startedAt, 'SIGTERM', 5000);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
