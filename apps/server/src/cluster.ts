import cluster, { type Worker } from 'node:cluster';
import { stopTimes } from './graceful-stop.ts';
import { StartupError } from './start-up.ts';

/** A worker that ends unexpectedly is replaced, but not more often than this: a crash loop stops the portal instead of spinning. */
export const replacementLimit = { replacements: 5, windowMs: 60_000 };

/** What a worker tells the primary once it listens. */
export type ListeningMessage = { kind: 'listening'; port: number };

const isListening = (message: unknown): message is ListeningMessage =>
  typeof message === 'object' && message !== null && (message as ListeningMessage).kind === 'listening';

/** A worker tells the primary that it listens, and on which port (the same for every worker, PORT=0 included). */
export function reportListening(port: number): void {
  process.send?.({ kind: 'listening', port } satisfies ListeningMessage);
}

const describeExit = (code: number | null, signal: string | null) => (signal ? `signal ${signal}` : `exit code ${code}`);

/**
 * The primary process of WORKERS=N (decision 028), run after the one-time start-up work: forks
 * `count` workers that each build the app and listen on the same port, and resolves with that
 * port once all of them listen. A stop signal is passed to every worker, and the primary exits
 * once they have stopped gracefully, with code 0 only if every worker exited 0. A worker that
 * ends by itself is replaced, at most `replacementLimit` times a minute.
 */
export function runWorkers(count: number, { drainMs = 0 }: { drainMs?: number } = {}): Promise<number> {
  const workers = new Set<Worker>();
  const replacedAt: number[] = [];
  let started = false;
  let stopping = false;
  let worstCode = 0;
  let stopStartedAt = 0;

  return new Promise<number>((resolve, reject) => {
    const listening = new Set<Worker>();
    /** Called once every worker has exited after a stop. */
    let finished = () => undefined as void;

    const stopAll = (signal: NodeJS.Signals, after: () => void) => {
      stopping = true;
      stopStartedAt = Date.now();
      // Each worker drains first (DRAIN_SECONDS, decision 072), answering its own health check.
      const hardExitMs = drainMs + stopTimes.hardExitMs + 1000;
      const hardExit = setTimeout(() => {
        console.error(`The server processes did not stop within ${hardExitMs / 1000} s, so they were ended.`);
        for (const worker of workers) worker.process.kill('SIGKILL');
        process.exit(1);
      }, hardExitMs);
      hardExit.unref();
      finished = after;
      for (const worker of workers) worker.process.kill(signal);
      if (workers.size === 0) after();
    };

    const fork = () => {
      const worker = cluster.fork();
      workers.add(worker);
      worker.on('message', (message: unknown) => {
        if (!isListening(message) || listening.has(worker)) return;
        listening.add(worker);
        if (!started && listening.size === count) {
          started = true;
          resolve(message.port);
        }
      });
      worker.on('exit', (code, signal) => {
        workers.delete(worker);
        listening.delete(worker);
        if (stopping) {
          if (code !== 0) worstCode = Math.max(worstCode, code ?? 1, 1);
          if (workers.size === 0) finished();
          return;
        }
        if (!started) {
          // A worker that cannot start has printed why; the others are stopped and start-up fails.
          const failure = new StartupError(
            `A server process could not start (${describeExit(code, signal)}); its message is above. Set DEBUG=1 to see the details.`,
          );
          stopAll('SIGTERM', () => reject(failure));
          return;
        }
        const now = Date.now();
        while (replacedAt.length > 0 && replacedAt[0] <= now - replacementLimit.windowMs) replacedAt.shift();
        if (replacedAt.length >= replacementLimit.replacements) {
          console.error(
            `A server process ended (${describeExit(code, signal)}), the ${replacementLimit.replacements + 1}th within a minute: stopping the portal. Set DEBUG=1 and LOG_LEVEL=debug to see why.`,
          );
          stopAll('SIGTERM', () => process.exit(1));
          return;
        }
        replacedAt.push(now);
        console.error(`A server process ended unexpectedly (${describeExit(code, signal)}); starting another.`);
        fork();
      });
    };

    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      console.log(`${signal}: stopping the ${workers.size} server processes…`);
      stopAll(signal, () => {
        console.log(`Stopped in ${((Date.now() - stopStartedAt) / 1000).toFixed(2)} s.`);
        process.exit(worstCode);
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    for (let index = 0; index < count; index += 1) fork();
  });
}
