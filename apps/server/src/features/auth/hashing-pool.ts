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

type Job = { task: HashingTask; key: string | null; resolve: (value: string | boolean) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; job: Job | null; startedAt: number; idleTimer?: ReturnType<typeof setTimeout> };

/** The queue is full: the caller answers 503 with `Retry-After` at once rather than wait (decision 015). */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The password checks are busy.');
    this.name = 'HashingBusy';
  }
}

/** How many checks of sign-ins may wait in all, and from one address, before more are turned away. */
export type QueueBounds = { waiting: number; perKey: number };
export const defaultQueueBounds: QueueBounds = { waiting: 32, perKey: 4 };

/**
 * A few threads that run argon2id one password at a time each, at a low OS priority and resting
 * between hashes. Threads start on first use and stop when idle.
 *
 * Two lanes wait for them. The first (new passwords being set; sign-ins from a browser that signed
 * in to the account before) is served first, in order. Every other sign-in waits in the second,
 * where the key (caller's address) that asked for the fewest checks in the current minute goes next,
 * so an address sending a stream of guesses waits behind everyone else rather than the other way round. Sign-ins are bounded (`tryRun`): at most `bounds.perKey` wait per key, and
 * `bounds.waiting` in all in the second lane; past that HashingBusy is thrown at once.
 */
export function createHashingPool(
  size: number,
  options: object,
  { restFactor = REST_FACTOR, nice = HASHING_NICE, bounds = defaultQueueBounds }: { restFactor?: number; nice?: number; bounds?: QueueBounds } = {},
) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const slots: Slot[] = [];
  const first: Job[] = [];
  /** The bounded lane: each key's checks in order, keys in turn (a key served goes to the back). */
  const byKey = new Map<string, Job[]>();
  let keyedWaiting = 0;
  /** Sign-ins waiting per key, in either lane. */
  const perKey = new Map<string, number>();
  /** Milliseconds a check takes with its rest, measured (a guess until the first one). */
  let costMs = 100;

  function startSlot(): Slot {
    // None of the parent's Node flags: the thread needs no loader, and its script is CommonJS.
    const worker = new Worker(workerSource, { eval: true, execArgv: [], workerData: { argon2, nice, options } });
    const slot: Slot = { worker, job: null, startedAt: 0 };
    worker.on('message', (answer: { value?: string | boolean; error?: string }) => {
      const job = slot.job;
      if (answer.error !== undefined) job?.reject(new Error(answer.error));
      else job?.resolve(answer.value!);
      const took = performance.now() - slot.startedAt;
      costMs = (costMs + took * (1 + restFactor)) / 2;
      // The slot stays taken while it rests, then takes the next waiting task.
      setTimeout(() => {
        slot.job = null;
        // A thread with a task keeps the process alive (see next()); an idle one never does.
        worker.unref();
        next();
      }, restFactor * took);
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

  function takeJob(): Job | undefined {
    const job = takeFromLanes();
    if (job?.key != null) {
      const count = (perKey.get(job.key) ?? 1) - 1;
      if (count > 0) perKey.set(job.key, count);
      else perKey.delete(job.key);
    }
    return job;
  }

  /**
   * Sign-ins asked for per key in the current minute, those turned away included: the waiting key
   * that asked least goes next. An address sending a stream of guesses has asked hundreds of times,
   * so a student who asks once is served before it, however early in the stream she comes.
   */
  let asked = new Map<string, number>();
  let askedSince = performance.now();
  function countAsk(key: string): void {
    if (performance.now() - askedSince > 60_000) {
      asked = new Map();
      askedSince = performance.now();
    }
    asked.set(key, (asked.get(key) ?? 0) + 1);
  }

  function takeFromLanes(): Job | undefined {
    if (first.length > 0) return first.shift();
    let next: [string, Job[]] | undefined;
    for (const entry of byKey) if (!next || (asked.get(entry[0]) ?? 0) < (asked.get(next[0]) ?? 0)) next = entry;
    if (!next) return undefined;
    const [key, jobs] = next;
    const job = jobs.shift()!;
    // Among keys that asked alike, the one served now goes to the back.
    byKey.delete(key);
    if (jobs.length > 0) byKey.set(key, jobs);
    keyedWaiting -= 1;
    return job;
  }

  function next(): void {
    while (first.length > 0 || keyedWaiting > 0) {
      const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < size ? startSlot() : undefined);
      if (!slot) return;
      clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.job = takeJob()!;
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

  const busy = () => new HashingBusy(Math.max(1, Math.ceil(((keyedWaiting + first.length) * costMs) / size / 1000)));

  /**
   * The second lane is full: the key with the most checks waiting gives up its newest one (it
   * answers 503), when it has more than this key would have. So a caller from a quiet address gets
   * in even while a few busy ones fill the lane.
   */
  function longestQueue(): [string, Job[]] | undefined {
    let longest: [string, Job[]] | undefined;
    for (const entry of byKey) if (!longest || entry[1].length > longest[1].length) longest = entry;
    return longest;
  }
  const hasLongerQueueThan = (key: string) => (longestQueue()?.[1].length ?? 0) > (byKey.get(key)?.length ?? 0) + 1;

  function makeRoomFor(key: string): boolean {
    const longest = longestQueue();
    if (!longest || !hasLongerQueueThan(key)) return false;
    const [evictedKey, jobs] = longest;
    const evicted = jobs.pop()!;
    keyedWaiting -= 1;
    perKey.set(evictedKey, (perKey.get(evictedKey) ?? 1) - 1);
    evicted.reject(busy());
    return true;
  }

  return {
    /** Runs the task in the first lane: never refused. */
    run(task: HashingTask): Promise<string | boolean> {
      return new Promise((resolve, reject) => {
        first.push({ task, key: null, resolve, reject });
        next();
      });
    },

    /** Null when `tryRun` would take a check of this key now, else the seconds to wait. */
    wouldRefuse(key: string, { first: inFirstLane = false } = {}): number | null {
      const full = (perKey.get(key) ?? 0) >= bounds.perKey || (!inFirstLane && keyedWaiting >= bounds.waiting && !hasLongerQueueThan(key));
      if (!full) return null;
      countAsk(key);
      return busy().retryAfterSeconds;
    },

    /**
     * Runs a sign-in's check, in the first lane when `first` (a browser known to the account), or
     * throws HashingBusy at once when its key or the second lane is full.
     */
    tryRun(task: HashingTask, key: string, { first: inFirstLane = false } = {}): Promise<string | boolean> {
      countAsk(key);
      const waitingForKey = perKey.get(key) ?? 0;
      if (waitingForKey >= bounds.perKey) return Promise.reject(busy());
      if (!inFirstLane && keyedWaiting >= bounds.waiting && !makeRoomFor(key)) return Promise.reject(busy());
      perKey.set(key, waitingForKey + 1);
      return new Promise((resolve, reject) => {
        const job = { task, key, resolve, reject };
        if (inFirstLane) first.push(job);
        else {
          const jobs = byKey.get(key);
          if (jobs) jobs.push(job);
          else byKey.set(key, [job]);
          keyedWaiting += 1;
        }
        next();
      });
    },

    /** How many tasks wait for a thread (for tests and the log). */
    waiting: () => first.length + keyedWaiting,
  };
}
