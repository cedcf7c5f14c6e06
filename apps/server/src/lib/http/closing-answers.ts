import { messages } from '@school/contract';
import type { FastifyInstance } from 'fastify';

/** The load balancer's check (decision 072): answered here too while the server closes. */
export const HEALTH_PATH = '/api/health';

/**
 * Where a stopping server is (graceful-stop.ts, decisions 017 and 072): `draining`, it still
 * serves every request while `GET /api/health` answers 503, so that a load balancer takes it out;
 * `closing`, it no longer listens and finishes the requests under way.
 */
export type StopPhase = 'draining' | 'closing';

/** By the HTTP server, which the app and every plugin context within it share. */
const phases = new WeakMap<FastifyInstance['server'], StopPhase>();

/** Null while the server takes work; otherwise how far its stop has gone. */
export const stopPhaseOf = (app: FastifyInstance): StopPhase | null => phases.get(app.server) ?? null;

/**
 * Every answer of a stopping server says `Connection: close` (issue 49): a keep-alive client whose
 * request was under way when the stop began reads that the connection ends with this answer, and
 * opens a new one for its next request, rather than sending it down a connection the server is
 * about to close and meeting a reset. Once it is closing, a request that still arrives on a
 * connection opened before is answered 503 at once, before any other work (no session is read):
 * the health check with `draining`, any other call with the restarting sentence, which the web app
 * tries again. Registered before every other hook.
 */
export function registerClosingAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (phases.get(app.server) !== 'closing') return;
    void reply.header('connection', 'close');
    if (request.routeOptions.url === HEALTH_PATH) return reply.code(503).send({ status: 'draining' });
    return reply.code(503).header('retry-after', '1').send({ message: messages.restarting });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (phases.has(app.server)) void reply.header('connection', 'close');
    return payload;
  });
}

/** From now on `app` is stopping, in `phase`: its answers close their connections (`registerClosingAnswers`). */
export function enterStopPhase(app: FastifyInstance, phase: StopPhase): void {
  phases.set(app.server, phase);
}
