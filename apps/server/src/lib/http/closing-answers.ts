import type { FastifyInstance } from 'fastify';

/** The apps that are stopping (graceful-stop.ts): from then on their answers close their connections. */
const stopping = new WeakSet<FastifyInstance>();

/**
 * Every answer of a stopping server says `Connection: close` (issue 49): a keep-alive client whose
 * request was under way when the stop began reads that the connection ends with this answer, and
 * opens a new one for its next request, rather than sending it down a connection the server is
 * about to close and meeting a reset.
 */
export function registerClosingAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping.has(app)) void reply.header('connection', 'close');
    return payload;
  });
}

/** From now on, `app` answers with `Connection: close` (`registerClosingAnswers`). */
export function answerWithConnectionClose(app: FastifyInstance): void {
  stopping.add(app);
}
