import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Waits, at most `maxWaitMs`, for a moment when no request is being served but the caller's
     * own: long work of one admin (an import) goes in slices at such moments, so students' calls
     * go first (decision 025).
     */
    quietMoment(maxWaitMs?: number): Promise<void>;
  }
  interface FastifyRequest {
    /** Counted among the requests being served (until its answer is sent or it is aborted). */
    beingServed: boolean;
  }
}

/** How long a slice of background work waits at most for the requests being served to be answered. */
const DEFAULT_WAIT_MS = 5;

/** Counts the requests being served, for `app.quietMoment`. */
export function registerRequestLoad(app: FastifyInstance): void {
  let served = 0;
  app.decorateRequest('beingServed', false);
  app.addHook('onRequest', async (request) => {
    request.beingServed = true;
    served += 1;
  });
  const done = async (request: FastifyRequest) => {
    if (!request.beingServed) return;
    request.beingServed = false;
    served -= 1;
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  app.decorate('quietMoment', async (maxWaitMs = DEFAULT_WAIT_MS) => {
    const until = performance.now() + maxWaitMs;
    do await nextTurn();
    while (served > 1 && performance.now() < until);
  });
}
