import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ReadAnswer, ReadJob } from './reading-process.ts';

/**
 * The reading process's script: beside the built server (dist/reading-process.js), or the
 * TypeScript file through the same loader when the server runs from its sources (tests).
 */
const fromSources = import.meta.url.endsWith('.ts');
const readingScript = fileURLToPath(new URL(fromSources ? './reading-process.ts' : './reading-process.js', import.meta.url));

/** A workbook that takes longer than this to read is given up: no school's spreadsheet does. */
const READ_TIME_LIMIT_MS = 60_000;
/** The reading process's heap: room for 5,000 rows of a wide sheet, never the server's memory. */
const READ_HEAP_MB = 384;
/**
 * The reading process's scheduling priority (a nice value): below the server's, so that on a busy
 * machine the server's requests get the processor first and the reading takes what is left.
 */
const READ_PRIORITY = 10;
/** An idle reading process ends after this long, giving back what a large workbook made it hold. */
const IDLE_MS = 10_000;

type Reader = { child: ChildProcess; idle?: NodeJS.Timeout };
let reader: Reader | undefined;
/** Reads wait their turn: the process reads one workbook at a time. */
let queue: Promise<unknown> = Promise.resolve();

/** A system that refuses to lower a process's priority only loses the courtesy, never the reading. */
function lowerPriority(pid: number): void {
  try {
    os.setPriority(pid, READ_PRIORITY);
  } catch {
    // The reading goes on at the server's priority.
  }
}

function startReader(): Reader {
  const child = fork(readingScript, [], {
    execArgv: [...(fromSources ? ['--import', import.meta.resolve('tsx')] : []), `--max-old-space-size=${READ_HEAP_MB}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  if (child.pid !== undefined) lowerPriority(child.pid);
  const started: Reader = { child };
  child.on('exit', () => {
    if (reader === started) reader = undefined;
  });
  // An idle process never keeps the server running.
  child.unref();
  child.channel?.unref();
  return started;
}

/** Sends one job to the reading process (started when there is none) and waits for its answer. */
function readOnce(job: ReadJob): Promise<ReadAnswer> {
  const current = (reader ??= startReader());
  clearTimeout(current.idle);
  current.child.channel?.ref();
  return new Promise<ReadAnswer>((resolve) => {
    const answer = (value: ReadAnswer) => {
      clearTimeout(timer);
      current.child.off('message', answer);
      current.child.off('exit', lost);
      current.child.channel?.unref();
      current.idle = setTimeout(() => current.child.kill(), IDLE_MS).unref();
      resolve(value);
    };
    const lost = (code: number | null, signal: string | null) => answer({ unreadable: `the reading stopped (${signal ?? `exit code ${code}`})` });
    const timer = setTimeout(() => {
      current.child.kill('SIGKILL');
      answer({ unreadable: 'it took too long to read' });
    }, READ_TIME_LIMIT_MS);
    current.child.on('message', answer);
    current.child.once('exit', lost);
    current.child.send(job);
  });
}

/**
 * Reads one sheet of an .xlsx in a process of its own (`reading-process.ts`), so that the seconds
 * and memory a large workbook takes hold up no other request. The process reads one workbook at a
 * time, stays a few seconds for the next, and is killed past the time limit; one that runs out of
 * memory ends, and the workbook is unreadable.
 */
export function readWorkbookSheet(job: ReadJob): Promise<ReadAnswer> {
  const read = queue.then(() => readOnce(job));
  queue = read.catch(() => undefined);
  return read;
}
