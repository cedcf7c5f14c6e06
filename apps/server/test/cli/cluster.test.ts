import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { measureStandby } from '../../src/db/read-routing.ts';
import {
  clusterDown,
  clusterStatus,
  clusterUp,
  portalSettings,
  promoteStandby,
  runningParts,
  startPart,
  stopPart,
  waitForPrimary,
} from '../../src/cli/several-servers/cluster.ts';
import { clusterLayout, portalServers, readRecord, type Layout } from '../../src/cli/several-servers/layout.ts';
import { postgresUrl, PORTAL_DATABASE } from '../../src/cli/several-servers/postgres.ts';
import { findPrograms, stillRunning } from '../../src/cli/several-servers/programs.ts';
import { createStudent, openRegistration, STUDENT_PASSWORD } from '../helpers/factories.ts';
import { HttpClient, runCli } from '../helpers/server-process.ts';
import { testDialect } from '../helpers/test-db.ts';
import { until, waitUntil } from '../helpers/wait.ts';

/** Whether haproxy, pgbouncer and PostgreSQL's server programs are installed: the cluster needs them all. */
const toolsProblem = (() => {
  try {
    findPrograms();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
})();
const runs = testDialect === 'postgres' && toolsProblem === null;
if (testDialect === 'postgres' && toolsProblem) console.log(`[skipped] The cluster's test: ${toolsProblem}`);

const mainFile = path.resolve(import.meta.dirname, '../../src/main.ts');
/** The portal servers run from their sources, as the other tests run the server: no build needed. */
const fromSources = { program: process.execPath, args: ['--import', import.meta.resolve('tsx'), mainFile] };

/** A client of the portal through HAProxy, or of one server on its own port. */
const clientOf = (port: number) => new HttpClient(`http://127.0.0.1:${port}`);

/**
 * `npm run cluster` on one machine (issue 55, point 6): a PostgreSQL primary and its hot standby,
 * HAProxy, PgBouncer and three portal servers on the loopback ports 18250–18281, in a folder of
 * its own; brought up, used through HAProxy, failed over and taken down.
 */
describe.skipIf(!runs)(
  "the portal on several servers, tried on one machine (PostgreSQL run, when haproxy, pgbouncer and PostgreSQL's programs are installed)",
  () => {
    let layout: Layout;
    let primary: Db | undefined;
    const clients: HttpClient[] = [];
    const track = (client: HttpClient) => (clients.push(client), client);

    beforeAll(async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
      // The databases run as the postgres account when the tests run as root: it must reach the folder.
      fs.chmodSync(folder, 0o755);
      layout = clusterLayout({ folder, portBase: 18250 });
      await clusterUp(layout, {
        portal: () => fromSources,
        settings: { SEED_DEMO: '0', STAFF_MFA: 'optional', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Cluster-Trial-Password-7' },
      });
      primary = openDatabase({ databaseUrl: postgresUrl(layout.ports.database['postgres-a'], PORTAL_DATABASE) }).db;
    }, 300_000);

    afterAll(async () => {
      for (const client of clients) client.close();
      await primary?.destroy();
      if (layout) {
        await clusterDown(layout);
        fs.rmSync(layout.folder, { recursive: true, force: true });
      }
    }, 120_000);

    it('serves a student through HAProxy on any server, with her address passed on, reads from the standby, backs up from it, and fails over to it', async (context) => {
      const health = await fetch(`http://127.0.0.1:${layout.ports.portal['portal-1']}/api/health`);
      if (health.status === 404) context.skip('the portal servers have no GET /api/health yet, which HAProxy checks: they all count as down.');
      await waitUntil('HAProxy to find the three portal servers ready', async () => {
        const up = (await clusterStatus(layout)).find((line) => line.part === 'haproxy')?.detail ?? '';
        return up.includes('portal servers up portal-1, portal-2, portal-3');
      });

      const student = await createStudent(primary!, {}, { password: STUDENT_PASSWORD });
      await openRegistration(primary!);
      const browser = track(clientOf(layout.ports.http));
      await browser.get('/sanctum/csrf-cookie');
      // An address the client writes itself is never taken for hers: HAProxy adds the one it was called from.
      const signIn = await browser.request(
        'POST',
        '/api/login-student',
        { student_id: student.id, password: STUDENT_PASSWORD },
        { 'x-forwarded-for': '203.0.113.7' },
      );
      expect(signIn.status).toBe(200);
      const [signedIn] = await primary!
        .selectFrom('audit_log')
        .select('ip')
        .where('action', '=', 'student.sign-in')
        .where('student_id', '=', student.id)
        .execute();
      expect(signedIn?.ip).toBe('127.0.0.1');

      const { record } = (await browser.get(`/api/student/${student.id}`)).json<{ record: Record<string, unknown> }>();
      const saved = await browser.post('/api/student', { ...record, allergy: 'Dust, saved through HAProxy' });
      expect(saved.status).toBe(200);
      // Her session and her save, read back by each server on its own port: no server keeps either to itself.
      for (const server of portalServers) {
        const direct = track(clientOf(layout.ports.portal[server]));
        for (const [name, value] of browser.cookies) direct.cookies.set(name, value);
        const read = await direct.get(`/api/student/${student.id}`);
        expect(read.status).toBe(200);
        expect(read.json<{ record: { allergy: string } }>().record.allergy).toBe('Dust, saved through HAProxy');
      }

      // The standby has the save (the primary's commits wait for it) and is measured as the portal measures it.
      const standby = openDatabase({ databaseUrl: postgresUrl(layout.ports.database['postgres-b'], PORTAL_DATABASE) }).db;
      try {
        const [copy] = await standby.selectFrom('students').select('allergy').where('id', '=', student.id).execute();
        expect(copy?.allergy).toBe('Dust, saved through HAProxy');
        const measured = await measureStandby(primary!, standby);
        expect(measured.kind).toBe('standby');
        expect(measured.kind === 'standby' && measured.lagMs).toBeLessThan(5000);
      } finally {
        await standby.destroy();
      }

      const backup = path.join(layout.folder, 'from-standby.tar.gz');
      const dumped = await runCli('backup', [backup, '--from-standby'], portalSettings(layout, 'portal-1') as Record<string, string>, layout.folder);
      expect(dumped.code).toBe(0);
      expect(dumped.stdout).toMatch(/PostgreSQL dump, read from the standby, \d+\.\d s behind the primary/);
      expect(fs.statSync(backup).size).toBeGreaterThan(0);

      const status = await runCli('cluster', ['status', '--folder', layout.folder], {}, layout.folder);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/^postgres-a\s+up\s+primary on port 18260, postgres-b streaming \(commits wait for it\)$/m);
      expect(status.stdout).toMatch(/^postgres-b\s+up\s+standby on port 18261, \d+\.\d s behind the primary \(serves the heavy reads\)$/m);
      expect(status.stdout).toMatch(/^portal-2\s+up\s+port 18252: ready \(200\)$/m);

      // The standby stopped on purpose: the primary goes on alone, and waits for it again once it is back.
      expect(await stopPart(layout, 'postgres-b')).toBe('ended');
      const latest = (await browser.get(`/api/student/${student.id}`)).json<{ record: object }>().record;
      expect((await browser.post('/api/student', { ...latest, allergy: 'Dust, saved with the standby stopped' })).status).toBe(200);
      await startPart(layout, 'postgres-b', { portal: () => fromSources });
      const statuses = await clusterStatus(layout);
      expect(statuses.find((line) => line.part === 'postgres-a')?.detail).toBe('primary on port 18260, postgres-b streaming (commits wait for it)');

      // The primary dies; the standby is promoted; HAProxy sends PgBouncer's connections to it.
      const killedAt = Date.now();
      expect(await stopPart(layout, 'postgres-a', { kill: true })).toBe('killed');
      expect(await promoteStandby(layout)).toBe('postgres-b');
      await waitForPrimary(layout, 'postgres-b');
      const after = { allergy: 'Pollen, saved after the failover' };
      const savedAgain = await until(async () => {
        const latest = await browser.get(`/api/student/${student.id}`);
        if (latest.status !== 200) return false;
        return (await browser.post('/api/student', { ...latest.json<{ record: object }>().record, ...after })).status === 200;
      });
      console.log(
        `[figures] a save through HAProxy and PgBouncer answered 200 again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the primary was killed`,
      );
      expect(savedAgain).toBe(true);
      const promoted = openDatabase({ databaseUrl: postgresUrl(layout.ports.database['postgres-b'], PORTAL_DATABASE) }).db;
      try {
        expect(await promoted.selectFrom('students').select('allergy').where('id', '=', student.id).executeTakeFirst()).toEqual({ allergy: after.allergy });
      } finally {
        await promoted.destroy();
      }
    });

    it('stops every part it started, by the processes it recorded', async () => {
      const recorded = Object.values(readRecord(layout.folder)!.parts);
      expect(recorded.length).toBeGreaterThanOrEqual(6);
      const lines = await clusterDown(layout);
      expect(lines).toContain('portal server 1: stopped');
      expect(lines).toContain('HAProxy: stopped');
      expect(runningParts(layout)).toEqual([]);
      for (const started of recorded) expect(stillRunning(started.pid, started.startedAt)).toBe(false);
    });
  },
);
