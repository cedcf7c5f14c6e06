import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { thisProcess } from './process-owner.ts';

/**
 * Takes the run of `job` due by `now`, for this process: moves its next run `everyMs` on, under the
 * condition that it was due (a row of its own, `background_runs`, made by the first run). Two
 * servers taking it at once meet on the row's key: on PostgreSQL the second waits for the first's
 * commit and then finds it not due; on SQLite one process writes at a time. Whether this process took it.
 */
export async function takeRun(db: Executor, job: string, { now, everyMs }: { now: Date; everyMs: number }): Promise<boolean> {
  const next = new Date(now.getTime() + everyMs).toISOString();
  const taken = await db
    .insertInto('background_runs')
    .values({ job, next_run_at: next, run_by: thisProcess })
    .onConflict((conflict) =>
      conflict.column('job').doUpdateSet({ next_run_at: next, run_by: thisProcess }).where('background_runs.next_run_at', '<=', now.toISOString()),
    )
    .returning('job')
    .execute();
  return taken.length === 1;
}

/**
 * A periodic job of the server's own (decision 047, amended for several servers): every server
 * looks every `everyMs` once it is ready, and of several servers on one database the one that
 * takes the period's run (`takeRun`) does it, so each period's work is done once among them. (What
 * a job does at a server's start, for what that server may have left behind, its caller runs.) A
 * run that fails is logged and the next period's tries again; the server waits for a run under
 * way when it closes.
 */
export function registerSharedJob(app: FastifyInstance, job: { name: string; everyMs: number; run: () => Promise<unknown>; failure: string }): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(async () => {
        if (await takeRun(app.deps.db, job.name, { now: new Date(), everyMs: job.everyMs })) await job.run();
      })
      .catch((error: Error) => app.log.warn(`${job.failure}: ${error.message}`));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, job.everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
