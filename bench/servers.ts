// The portal on several servers (issue 55, point 8), for `npm run bench -- servers`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterDown, clusterUp, startPart, stopPart, type ClusterOptions } from '../apps/server/src/cli/several-servers/cluster.ts';
import { serversInUse } from '../apps/server/src/cli/several-servers/haproxy.ts';
import { clusterLayout, portalServers, type Layout } from '../apps/server/src/cli/several-servers/layout.ts';
import { goAlone, postgresUrl, PORTAL_DATABASE, requireStandby } from '../apps/server/src/cli/several-servers/postgres.ts';
import { findPrograms } from '../apps/server/src/cli/several-servers/programs.ts';
import { serverCommand } from '../scripts/build-server.mjs';
import { alternateRounds, interleavedPace, listStudents, portalSavers, prepareStudents, type SignedIn } from './autosave.ts';
import { ms, ratio, type RecordFigure } from './results.ts';
import { BENCH_ADMIN_PASSWORD, startPortal } from './portal-process.ts';

/** Loopback ports of the bench's cluster: away from the test suite's (18250–18281) and the default (8100). */
const PORT_BASE = 18450;
/** Each comparison at full load: three rounds of 3 s of each, alternating. */
const ROUNDS = { rounds: 3, seconds: 3 };
/**
 * At the set pace: 40 s of saves taking the two ways in turn (3,000 a way), for a p99 that more than
 * a few slow saves decide, measured over the same seconds on both ways; twice that for four ways.
 */
const PACED_SECONDS = 40;
/** The cost of HAProxy and PgBouncer on a save (issue 55, point 8). */
const BUDGET = 1.2;
/**
 * The pace the hops are measured at: twice a school's busiest moment on registration day (77 saves a
 * second, decision 074), well under what one server or the cluster carries on two cores (decision 077).
 */
const PACE = 150;

/** Until `condition` holds, asked every 100 ms for at most `ms`. */
async function waitFor(what: string, condition: () => Promise<boolean>, within = 60_000): Promise<void> {
  const deadline = Date.now() + within;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${within / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The students signed in through one address, as clients of another server of the same portal:
 * each copy keeps the one record of its student, so that a save through either carries the
 * version the last answer gave, whichever server gave it.
 */
const signedInAt = (students: SignedIn[], url: string): SignedIn[] =>
  students.map((student) => ({
    client: student.client.at(url),
    get record() {
      return student.record;
    },
    set record(record) {
      student.record = record;
    },
  }));

/** HAProxy sends work to exactly `count` portal servers: the others stopped, these started. */
async function serveWith(layout: Layout, options: ClusterOptions, count: number): Promise<void> {
  for (const [index, server] of portalServers.entries()) {
    const wanted = index < count;
    const up = (await serversInUse(layout)).portal.includes(server);
    if (wanted && !up) await startPart(layout, server, options).catch(() => undefined);
    if (!wanted) await stopPart(layout, server);
  }
  await waitFor(`HAProxy to send work to ${count} portal servers`, async () => (await serversInUse(layout)).portal.length === count);
}

/**
 * Autosave through HAProxy and PgBouncer to one, two and three portal servers (`npm run cluster`'s
 * cluster on this machine), each against one portal server reached directly and reaching the
 * primary directly, with the same 32 students: as fast as the answers come, in alternating rounds
 * (reported: on two cores more servers add no processor, only processes sharing it), and at a set
 * pace, each student's saves taking the two ways in turn, where what is measured is the cost of the
 * two hops, held to p99 ≤ 1.2 × direct with the standby's wait taken out of both sides (decision 077).
 */
export async function serversFigures(record: RecordFigure): Promise<void> {
  try {
    findPrograms();
  } catch (error) {
    record('Several servers: autosave behind HAProxy and PgBouncer', 'not measured', (error as Error).message, null);
    return;
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cluster-'));
  // The databases run as the postgres account when the bench runs as root: it must reach the folder.
  fs.chmodSync(folder, 0o755);
  const layout = clusterLayout({ folder, portBase: PORT_BASE });
  const options: ClusterOptions = {
    portal: () => ({ program: process.execPath, args: serverCommand }),
    settings: { SEED_DEMO: '1', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    say: (line) => console.log(`    ${line}`),
  };
  const directData = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-direct-'));
  let direct: Awaited<ReturnType<typeof startPortal>> | undefined;
  try {
    await clusterUp(layout, options);
    const balanced = `http://127.0.0.1:${layout.ports.http}`;
    const primaryPort = layout.ports.database['postgres-a'];
    await waitFor('HAProxy to send work to the three portal servers', async () => (await serversInUse(layout)).portal.length === 3);
    direct = await startPortal(directData, postgresUrl(primaryPort, PORTAL_DATABASE), { SEED_DEMO: '0', FILE_STORE: 'database' });
    const students = (await listStudents(balanced)).filter((student) => !student.left_on).slice(0, 32);
    const signedIn = await prepareStudents(balanced, students);
    for (const count of [1, 2, 3]) {
      await serveWith(layout, options, count);
      console.log(`    ${count} server${count === 1 ? '' : 's'} behind HAProxy and PgBouncer, against one direct…`);
      // As fast as the answers come: on two cores, what each further server costs in processor time.
      const saturated = await alternateRounds(
        { direct: portalSavers(signedInAt(signedIn, direct.url)), balanced: portalSavers(signedInAt(signedIn, balanced)) },
        ROUNDS,
      );
      record(
        `Several servers: autosave at full load, ${count} behind HAProxy and PgBouncer / 1 direct`,
        `${saturated.balanced.perSecond.toFixed(0)} / ${saturated.direct.perSecond.toFixed(0)} saves/s, p99 ${ms(saturated.balanced.p99)} / ${ms(saturated.direct.p99)} (${saturated.balanced.errors + saturated.direct.errors} errors)`,
        'reported, no errors',
        saturated.balanced.errors + saturated.direct.errors === 0,
      );
      // At registration day's pace: what the two hops add to a save, first with each commit waiting
      // for the standby's disk as deployed (reported), then without that wait on either side, where
      // what is left is the hops' own cost (held to the budget, decision 077).
      for (const standby of ['waited for', 'not waited for'] as const) {
        const held = standby === 'not waited for';
        if (held) await goAlone(primaryPort);
        const paced = await interleavedPace(
          { direct: signedInAt(signedIn, direct.url), balanced: signedInAt(signedIn, balanced) },
          { perSecond: PACE, seconds: PACED_SECONDS },
        );
        if (held) await requireStandby(primaryPort, 'postgres-b');
        const tail = paced.balanced.p99 / paced.direct.p99;
        const errors = paced.balanced.errors + paced.direct.errors;
        record(
          `Several servers: autosave p99 at ${PACE} saves/s, standby ${standby}, ${count} behind HAProxy and PgBouncer / 1 direct`,
          `${ms(paced.balanced.p99)} / ${ms(paced.direct.p99)} = ${ratio(tail)} (${paced.balanced.perSecond.toFixed(0)} / ${paced.direct.perSecond.toFixed(0)} saves/s, ${errors} errors)`,
          held ? `≤ ${BUDGET}×, no errors` : 'reported, no errors',
          (!held || tail <= BUDGET) && errors === 0,
        );
      }
    }
    if (process.env.BENCH_SERVERS_HOPS === '1') {
      await serveWith(layout, options, 1);
      await hopFigures(record, signedIn, { direct: direct.url, balanced }, layout, primaryPort);
    }
  } finally {
    await direct?.stop();
    await clusterDown(layout).catch(() => undefined);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(directData, { recursive: true, force: true });
  }
}

/**
 * What each hop adds to a save (`BENCH_SERVERS_HOPS=1`): at the set pace, with the primary going on
 * alone (decision 077), the same students save through one portal server reaching the primary
 * directly, one reaching it through HAProxy's PostgreSQL listener, one through PgBouncer and that
 * listener (as the cluster's servers do), and the cluster's one server behind HAProxy, each
 * student's saves taking the four ways in turn. Reported: which hop the budget's excess is made of.
 */
async function hopFigures(record: RecordFigure, signedIn: SignedIn[], urls: { direct: string; balanced: string }, layout: Layout, primaryPort: number) {
  const folders: string[] = [];
  const servers: Array<Awaited<ReturnType<typeof startPortal>>> = [];
  const portalOn = async (databasePort: number, settings: Record<string, string> = {}) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-hop-'));
    folders.push(folder);
    const server = await startPortal(folder, postgresUrl(databasePort, PORTAL_DATABASE), { SEED_DEMO: '0', FILE_STORE: 'database', ...settings });
    servers.push(server);
    return server.url;
  };
  try {
    const listener = await portalOn(layout.ports.primary);
    const pooler = await portalOn(layout.ports.pgbouncer, { DATABASE_POOLER: 'transaction' });
    await goAlone(primaryPort);
    const paced = await interleavedPace(
      {
        direct: signedInAt(signedIn, urls.direct),
        listener: signedInAt(signedIn, listener),
        pooler: signedInAt(signedIn, pooler),
        balanced: signedInAt(signedIn, urls.balanced),
      },
      { perSecond: PACE, seconds: PACED_SECONDS * 2 },
    );
    await requireStandby(primaryPort, 'postgres-b');
    const errors = Object.values(paced).reduce((sum, figure) => sum + figure.errors, 0);
    record(
      `Several servers: autosave p99 at ${PACE} saves/s by hop, standby not waited for`,
      `direct ${ms(paced.direct.p99)}; through HAProxy's PostgreSQL listener ${ms(paced.listener.p99)}; through PgBouncer and the listener ${ms(paced.pooler.p99)}; ` +
        `and behind HAProxy ${ms(paced.balanced.p99)} (${errors} errors)`,
      'reported, no errors',
      errors === 0,
    );
  } finally {
    for (const server of servers) await server.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}
