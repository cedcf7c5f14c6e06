import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import { CREST_IMAGE, crestPicture } from './crest.ts';
import type { SchoolDocument } from './layout.ts';
import type { PrintAnswer, PrintJob } from './printing-thread.ts';

/**
 * Nice value of the printing thread. A report of 1,500 students takes seconds of processor time;
 * at a low priority it takes what the event loop leaves, so autosaves go on while it prints.
 */
const PRINTING_NICE = 10;

/**
 * How long an idle printing thread is kept before it is stopped, handing its memory back: a
 * thread that has printed holds some 50 MB. Printing one document after another keeps it; the
 * first document after a pause waits for a new thread to load the PDF library.
 */
const IDLE_MS = 15_000;

/**
 * Documents asked for and not yet started, at most: past this many the next is refused at once
 * (`PrintingBusy`), rather than held in memory with the others for as long as they take.
 */
export const MAX_WAITING = 100;

/** Too many documents wait for the printing thread: 503 with a retry time, at once. */
export class PrintingBusy extends HttpError {
  constructor() {
    super(503, 'Many documents are being printed right now. Please try again in a minute.', undefined, { retryAfter: 30 });
  }
}

/**
 * The printing thread's script. The built server (dist/main.js) has the bundled
 * printing-thread.js beside it; run from its sources (tests, development) the thread loads the
 * TypeScript file through the same loader.
 */
const fromSources = import.meta.url.endsWith('.ts');
const threadScript = new URL(fromSources ? './printing-thread.ts' : './printing-thread.js', import.meta.url);

/** A thread's script that loads the TypeScript file `script` through the loader. */
function throughLoader(script: URL): string {
  return `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
}

type Job = { document: PrintJob['document']; output: PassThrough };
type Thread = { worker: Worker; job?: Job & { id: number }; idleTimer?: ReturnType<typeof setTimeout> };

const waiting: Job[] = [];
/** Documents asked for and not yet started or dropped: those in `waiting`, and those whose crest is still loading. */
let notStarted = 0;
let thread: Thread | undefined;
let lastId = 0;

/** What the printer holds: documents not yet started, and whether one is printing now. */
export const printerState = () => ({ waiting: notStarted, printing: thread?.job !== undefined });

function startThread(): Thread {
  const workerData = { nice: PRINTING_NICE };
  const worker = fromSources ? new Worker(throughLoader(threadScript), { eval: true, workerData }) : new Worker(threadScript, { workerData });
  const started: Thread = { worker };
  worker.on('message', (answer: PrintAnswer) => {
    const job = started.job;
    if (!job || job.id !== answer.id) return;
    if ('bytes' in answer) {
      if (!job.output.destroyed) job.output.write(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      return;
    }
    if ('end' in answer) job.output.end();
    else job.output.destroy(new Error(answer.error));
    started.job = undefined;
    printNext();
  });
  // The thread failed as a whole (out of memory, say): its document fails, and the next starts a new thread.
  const lost = (error: Error) => {
    started.job?.output.destroy(error);
    started.job = undefined;
    clearTimeout(started.idleTimer);
    if (thread === started) thread = undefined;
    printNext();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`The printing thread stopped (exit code ${code}).`)));
  return started;
}

/** Sends the next waiting document to the thread when it is free; an idle thread never keeps the process alive, and stops after a while. */
function printNext(): void {
  if (thread?.job) return;
  let job = waiting.shift();
  // A document whose request has gone (its stream destroyed) is not printed for nobody.
  while (job?.output.destroyed) {
    notStarted -= 1;
    job = waiting.shift();
  }
  if (!job) {
    if (thread && !thread.idleTimer) {
      const idle = thread;
      idle.worker.unref();
      idle.idleTimer = setTimeout(() => {
        if (thread === idle) thread = undefined;
        void idle.worker.terminate();
      }, IDLE_MS);
      idle.idleTimer.unref();
    }
    return;
  }
  notStarted -= 1;
  thread ??= startThread();
  clearTimeout(thread.idleTimer);
  thread.idleTimer = undefined;
  thread.worker.ref();
  thread.job = { ...job, id: (lastId += 1) };
  try {
    thread.worker.postMessage({ id: thread.job.id, document: job.document } satisfies PrintJob);
  } catch (error) {
    // A document that cannot be sent (a function in its content) fails alone.
    job.output.destroy(error as Error);
    thread.job = undefined;
    printNext();
  }
}

/**
 * Renders a school document (`schoolDocument`) to a stream of PDF bytes, for
 * `reply.type('application/pdf').send(renderPdfStream(definition))` when the document is long.
 * Documents are laid out and written on the printing thread, one at a time, in the order asked;
 * one whose stream is destroyed before its turn (its request has gone) is dropped unprinted.
 * Throws `PrintingBusy` when `MAX_WAITING` documents already wait.
 */
export function renderPdfStream(definition: SchoolDocument): Readable {
  if (notStarted >= MAX_WAITING) throw new PrintingBusy();
  notStarted += 1;
  const output = new PassThrough();
  // The header and footer are drawn again from the frame on the thread; functions cannot be sent there.
  const { header: _header, footer: _footer, ...document } = definition;
  crestPicture().then(
    (crest) => {
      // Named once in the document's images, the crest is embedded once however many pages show it.
      waiting.push({ document: { ...document, images: { [CREST_IMAGE]: crest, ...document.images } }, output });
      printNext();
    },
    (error: Error) => {
      notStarted -= 1;
      output.destroy(error);
    },
  );
  return output;
}

/** Renders a school document to one Buffer of PDF bytes. */
export async function renderPdf(definition: SchoolDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderPdfStream(definition)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
