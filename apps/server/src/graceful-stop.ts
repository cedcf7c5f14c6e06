import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database.ts';
import { stopPrinting } from './lib/pdf/index.ts';

/**
 * How long requests under way may take to finish before their connections are closed, and when
 * the process ends regardless. A document still printing at `printMs` is answered 503 then, so
 * that its answer goes out before the connections are cut.
 */
export const stopTimes = { finishMs: 5_000, hardExitMs: 10_000, idleSweepMs: 50, printMs: 4_000 };

/**
 * Stops the server on SIGTERM or SIGINT (decision 017): it stops accepting connections, lets the
 * requests under way finish, closes keep-alive connections as soon as they fall idle (a request
 * that arrives on one meanwhile is answered 503 with `Connection: close`), waits for the last
 * group commit, closes the database and exits 0. A document is printed only if it can be within
 * the stop, and is otherwise answered 503 'The portal is restarting'. Connections still busy after 5 s are cut; at 10 s
 * the process exits with code 1 whatever is left. A second signal changes nothing.
 */
export function stopOnSignals(app: FastifyInstance, db: Db): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    console.log(`${signal}: stopping; finishing the requests under way…`);

    const hardExit = setTimeout(() => {
      console.error(`The portal did not stop within ${stopTimes.hardExitMs / 1000} s, so it was ended.`);
      process.exit(1);
    }, stopTimes.hardExitMs);
    hardExit.unref();
    // A keep-alive connection goes idle when its last answer is sent: close it then, not at the client's next request.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), stopTimes.idleSweepMs);
    const cutBusy = setTimeout(() => app.server.closeAllConnections(), stopTimes.finishMs);
    // Documents not started are answered 503 now; the one in print has until printMs (decision 041).
    stopPrinting(stopTimes.printMs);

    void (async () => {
      try {
        await app.close();
        clearInterval(idleSweep);
        clearTimeout(cutBusy);
        await app.deps.writeTransaction.settled();
        await db.destroy();
      } catch (error) {
        console.error(`While stopping: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }
      console.log(`Stopped in ${((Date.now() - started) / 1000).toFixed(2)} s.`);
      process.exit(0);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
