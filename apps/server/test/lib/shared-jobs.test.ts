import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../src/lib/deps.ts';
import { registerSharedJob, takeRun } from '../../src/lib/shared-jobs.ts';
import { testDbWithPools } from '../helpers/test-db.ts';
import { waitUntil } from '../helpers/wait.ts';

const HOUR = 60 * 60 * 1000;

describe('a periodic job shared by several servers', () => {
  it('gives each period’s run to one of 200 takers at the same moment, and the next only when it is due', async () => {
    const { testDb, pools: takers } = await testDbWithPools(4);
    const now = new Date('2026-03-02T10:00:00Z');
    const first = await Promise.all(
      Array.from({ length: 200 }, (_, index) => takeRun(takers[index % takers.length], 'expired sessions', { now, everyMs: HOUR })),
    );
    expect(first.filter(Boolean)).toHaveLength(1);

    const later = (ms: number) => new Date(now.getTime() + ms);
    expect(await takeRun(testDb.db, 'expired sessions', { now: later(HOUR - 1), everyMs: HOUR })).toBe(false);
    // Another job is a row of its own.
    expect(await takeRun(testDb.db, 'interrupted imports', { now: later(HOUR - 1), everyMs: HOUR })).toBe(true);
    const next = await Promise.all(
      Array.from({ length: 200 }, (_, index) => takeRun(takers[index % takers.length], 'expired sessions', { now: later(HOUR), everyMs: HOUR })),
    );
    expect(next.filter(Boolean)).toHaveLength(1);
    const row = await testDb.db.selectFrom('background_runs').selectAll().where('job', '=', 'expired sessions').executeTakeFirstOrThrow();
    expect(row.next_run_at).toBe(later(2 * HOUR).toISOString());
    expect(row.run_by).toMatch(/^.+:\d+$/);
  });

  it('runs the job every period once the server is ready, and waits for a run under way when it closes', async () => {
    const { testDb } = await testDbWithPools(0);
    const app = Fastify();
    app.decorate('deps', { db: testDb.db } as Deps);
    let runs = 0;
    let underWay = false;
    registerSharedJob(app, {
      name: 'a test job',
      everyMs: 30,
      run: async () => {
        underWay = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        runs += 1;
        underWay = false;
      },
      failure: 'The test job failed',
    });
    await app.ready();
    await waitUntil('three runs', () => runs >= 3);
    await waitUntil('a run under way', () => underWay);
    await app.close();
    expect(underWay).toBe(false);
  });
});
