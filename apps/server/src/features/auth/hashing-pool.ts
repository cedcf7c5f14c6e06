import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What a hashing thread is asked to do. */
export type HashingTask = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

/** How long an idle hashing thread is kept before it is stopped, freeing its memory. */
const IDLE_MS = 60_000;

/**
 * Nice value of the hashing threads: they yield the processor to the event loop, so a storm of
 * sign-ins cannot slow the autosaves of students already signed in. Sign-ins still proceed on
 * whatever time the processors have spare.
 */
const HASHING_NICE = 15;

/**
 * After each hash a thread rests this many times as long as the hash took. argon2id sweeps 19 MB
 * through the processor cache that the event loop shares, and measured on two cores that, more
 * than processor time, is what slowed autosaves during a sign-in storm; resting twice as long
 * keeps hashing to a third of the time (still some 30 sign-ins a second per thread) and a
 * lone sign-in waits for nothing.
 */
const REST_FACTOR = 2;

// Plain JavaScript: a worker thread cannot load the project's TypeScript without a loader.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
parentPort.on('message', ({ op, password, hash }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(password, workerData.options) : argon2.verifySync(hash, password);
    parentPort.postMessage({ value });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

type Job = { task: HashingTask; resolve: (value: string | boolean) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; job: Job | null; startedAt: number; idleTimer?: ReturnType<typeof setTimeout> };

/**
 * A few threads that run argon2id one password at a time each, at a low OS priority and resting
 * between hashes, with the rest of the requests queued in order. Threads start on first use and
 * stop when idle.
 */
export function createHashingPool(size: number, options: object, restFactor = REST_FACTOR) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const slots: Slot[] = [];
  const queue: Job[] = [];

  function startSlot(): Slot {
    // None of the parent's Node flags: the thread needs no loader, and its script is CommonJS.
    const worker = new Worker(workerSource, { eval: true, execArgv: [], workerData: { argon2, nice: HASHING_NICE, options } });
    const slot: Slot = { worker, job: null, startedAt: 0 };
    worker.on('message', (answer: { value?: string | boolean; error?: string }) => {
      const job = slot.job;
      if (answer.error !== undefined) job?.reject(new Error(answer.error));
      else job?.resolve(answer.value!);
      // The slot stays taken while it rests, then takes the next waiting task.
      setTimeout(
        () => {
          slot.job = null;
          // A thread with a task keeps the process alive (see next()); an idle one never does.
          worker.unref();
          next();
        },
        restFactor * (performance.now() - slot.startedAt),
      );
    });
    worker.on('error', (error) => {
      slot.job?.reject(error);
      slot.job = null;
      slots.splice(slots.indexOf(slot), 1);
      next();
    });
    slots.push(slot);
    return slot;
  }

  function next(): void {
    while (queue.length > 0) {
      const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < size ? startSlot() : undefined);
      if (!slot) return;
      clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.job = queue.shift()!;
      slot.worker.ref();
      slot.startedAt = performance.now();
      slot.worker.postMessage(slot.job.task);
    }
    for (const slot of slots) {
      if (slot.job === null && slot.idleTimer === undefined) {
        slot.idleTimer = setTimeout(() => {
          slots.splice(slots.indexOf(slot), 1);
          void slot.worker.terminate();
        }, IDLE_MS);
        slot.idleTimer.unref();
      }
    }
  }

  return {
    run(task: HashingTask): Promise<string | boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject });
        next();
      });
    },
  };
}
