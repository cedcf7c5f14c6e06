import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database.ts';
import { enterStopPhase } from './lib/http/closing-answers.ts';
import { stopPrinting } from './lib/pdf/index.ts';

/**
 * How long requests under way may take to finish before their connections are closed, and when
 * the process ends regardless. A document still printing at `printMs` is answered 503 then, so
 * that its answer goes out before the connections are cut.
 */
export const stopTimes = { finishMs: 5_000, hardExitMs: 10_000, idleSweepMs: 50, printMs: 4_000, closeGraceMs: 250 };

/**
 * Stops the server on SIGTERM or SIGINT (decisions 017 and 072). From the signal on, `GET
 * /api/health` answers 503 `draining`; for `drainMs` (DRAIN_SECONDS, 0 by default) the server
 * still serves every request, new connections too, so that a load balancer sees the check fail and
 * takes it out before it stops listening. Then it stops accepting connections, lets the requests
 * under way finish, answers every request from then on with `Connection: close` (issue 49), leaves
 * open keep-alive connections `closeGraceMs` to send a request already on its way, then closes them
 * as soon as they fall idle (a request that arrives on one meanwhile is answered 503), waits for
 * the last group commit, closes the database and exits 0. A document is printed only if it can be
 * within the stop, and is otherwise answered 503 'The portal is restarting'. Connections still busy
 * 5 s after the drain are cut; 10 s after it the process exits with code 1 whatever is left. A
 * second signal changes nothing.
 */
export function stopOnSignals(app: FastifyInstance, db: Db, { drainMs = 0 }: { drainMs?: number } = {}): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const signalledAt = Date.now();
    // Answers from now on end their connections, so keep-alive clients reconnect rather than meet a reset.
    enterStopPhase(app, 'draining');
    const hardExit = setTimeout(() => {
      console.error(`The portal did not stop within ${(drainMs + stopTimes.hardExitMs) / 1000} s, so it was ended.`);
      process.exit(1);
    }, drainMs + stopTimes.hardExitMs);
    hardExit.unref();
    if (drainMs > 0) {
      console.log(`${signal}: draining for ${drainMs / 1000} s (GET /api/health answers 503, requests are still served), then stopping…`);
      setTimeout(() => finish(signal, signalledAt), drainMs);
    } else {
      finish(signal, signalledAt);
    }
  };

  /** The stop of decision 017, once the drain is over. */
  const finish = (signal: NodeJS.Signals, signalledAt: number) => {
    console.log(`${signal}: stopping; finishing the requests under way…`);
    // Documents not started are answered 503 now; the one in print has until printMs (decision 041).
    stopPrinting(stopTimes.printMs);
    let idleSweep: NodeJS.Timeout | undefined;
    const cutBusy = setTimeout(() => app.server.closeAllConnections(), stopTimes.finishMs);
    // No new connections from now on (a client is refused, never reset), but the open ones are not
    // closed yet: HTTP's own close would also close every idle keep-alive connection at once, under
    // the next request its client may be sending (a reset). For a moment they are answered, each
    // answer ending its connection (`Connection: close`).
    net.Server.prototype.close.call(app.server);

    void (async () => {
      try {
        await new Promise((resolve) => setTimeout(resolve, stopTimes.closeGraceMs));
        // Requests arriving from now on, on a connection opened before, are answered 503 at once.
        enterStopPhase(app, 'closing');
        // A keep-alive connection goes idle when its last answer is sent: close it then, not at the client's next request.
        idleSweep = setInterval(() => app.server.closeIdleConnections(), stopTimes.idleSweepMs);
        await app.close();
        clearInterval(idleSweep);
        clearTimeout(cutBusy);
        await app.deps.writeTransaction.settled();
        await db.destroy();
      } catch (error) {
        console.error(`While stopping: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }
      console.log(`Stopped in ${((Date.now() - signalledAt) / 1000).toFixed(2)} s.`);
      process.exit(0);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
