import { fork, type ChildProcess } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../errors.ts';
import { CREST_IMAGE, crestPicture } from './crest.ts';
import type { SchoolDocument } from './layout.ts';
import type { PrintAnswer, PrintJob } from './printing-process.ts';

/**
 * Nice value of the printing process, where it cannot enter the idle scheduling class
 * (printing-process.ts). A report of 1,500 students takes seconds of processor time; at a low
 * priority it takes what the server leaves, so autosaves go on while it prints.
 */
const PRINTING_NICE = 10;

/**
 * How long an idle printing process is kept before it is stopped, handing its memory back: one
 * that has printed a long report holds 100–150 MB. Printing one document after another keeps it;
 * the first document after a pause waits for a new process to load the PDF library.
 */
const IDLE_MS = 15_000;

/**
 * Documents asked for and not yet started, at most: past this many the next is refused at once
 * (`PrintingBusy`), rather than held in memory with the others for as long as they take.
 */
export const MAX_WAITING = 100;

/** Too many documents wait for the printing process: 503 with a retry time, at once. */
export class PrintingBusy extends HttpError {
  constructor() {
    super(503, 'Many documents are being printed right now. Please try again in a minute.', undefined, { retryAfter: 30 });
  }
}

/**
 * The printing process's script. The built server (dist/main.js) has the bundled
 * printing-process.js beside it; run from its sources (tests, development) the process loads the
 * TypeScript file through the same loader.
 */
const fromSources = import.meta.url.endsWith('.ts');
const printingScript = fileURLToPath(new URL(fromSources ? './printing-process.ts' : './printing-process.js', import.meta.url));

type Job = { document: PrintJob['document']; output: PassThrough };
type Printing = { child: ChildProcess; job?: Job & { id: number }; idleTimer?: ReturnType<typeof setTimeout> };

const waiting: Job[] = [];
/** Documents asked for and not yet started or dropped: those in `waiting`, and those whose crest is still loading. */
let notStarted = 0;
let printing: Printing | undefined;
let lastId = 0;

/** What the printer holds: documents not yet started, and whether one is printing now. */
export const printerState = () => ({ waiting: notStarted, printing: printing?.job !== undefined });

/** Starts the printing process: its own Node, none of the server's options, what it writes to the output shown with the server's. */
function startPrinting(): Printing {
  const child = fork(printingScript, [String(PRINTING_NICE)], {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    // Documents and their bytes go as V8 serializes them, as they did to a worker thread.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started: Printing = { child };
  child.on('message', (answer: PrintAnswer) => {
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
  // The process failed as a whole (out of memory, say): its document fails, and the next starts a new process.
  const lost = (error: Error) => {
    started.job?.output.destroy(error);
    started.job = undefined;
    clearTimeout(started.idleTimer);
    if (printing === started) printing = undefined;
    printNext();
  };
  child.on('error', lost);
  child.on('exit', (code, signal) => lost(new Error(`The printing process stopped (${signal ?? `exit code ${code}`}).`)));
  return started;
}

/** Sends the next waiting document to the printing process when it is free; an idle one never keeps the server running, and stops after a while. */
function printNext(): void {
  if (printing?.job) return;
  let job = waiting.shift();
  // A document whose request has gone (its stream destroyed) is not printed for nobody.
  while (job?.output.destroyed) {
    notStarted -= 1;
    job = waiting.shift();
  }
  if (!job) {
    if (printing && !printing.idleTimer) {
      const idle = printing;
      idle.child.unref();
      idle.child.channel?.unref();
      idle.idleTimer = setTimeout(() => {
        if (printing === idle) printing = undefined;
        // Its channel closed, the printing process exits (printing-process.ts).
        idle.child.disconnect();
      }, IDLE_MS);
      idle.idleTimer.unref();
    }
    return;
  }
  notStarted -= 1;
  printing ??= startPrinting();
  clearTimeout(printing.idleTimer);
  printing.idleTimer = undefined;
  printing.child.ref();
  printing.child.channel?.ref();
  printing.job = { ...job, id: (lastId += 1) };
  try {
    printing.child.send({ id: printing.job.id, document: job.document } satisfies PrintJob);
  } catch (error) {
    // A document that cannot be sent (a function in its content) fails alone.
    job.output.destroy(error as Error);
    printing.job = undefined;
    printNext();
  }
}

/**
 * Renders a school document (`schoolDocument`) to a stream of PDF bytes, for
 * `reply.type('application/pdf').send(renderPdfStream(definition))` when the document is long.
 * Documents are laid out and written by the printing process, one at a time, in the order asked;
 * one whose stream is destroyed before its turn (its request has gone) is dropped unprinted.
 * Throws `PrintingBusy` when `MAX_WAITING` documents already wait.
 */
export function renderPdfStream(definition: SchoolDocument): Readable {
  if (notStarted >= MAX_WAITING) throw new PrintingBusy();
  notStarted += 1;
  const output = new PassThrough();
  // The header and footer are drawn again from the frame in the printing process; functions cannot be sent there.
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
