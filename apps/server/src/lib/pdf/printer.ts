import { fork, type ChildProcess } from 'node:child_process';
import { messages, withoutForbiddenCharacters } from '@school/contract';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { HttpError, TooManyRequests } from '../errors.ts';
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
 * Students' documents asked for and not yet started, at most: past this many the next is refused
 * at once (`PrintingBusy`), rather than held in memory with the others for as long as they take.
 */
export const MAX_WAITING = 100;
/** Staff documents waiting, at most: places of their own, which students' documents never take (decision 041). */
export const MAX_STAFF_WAITING = 20;
/**
 * Documents of one session in the printer (waiting or printing), at most: one student asking for
 * her report a hundred times at once gets two, and the others are refused (`StillPreparing`).
 */
export const MAX_PER_SESSION = 2;

/**
 * Who a document is printed for (decision 041): the session asking, whose documents in the
 * printer are limited, and whether that is staff, whose documents go before any student's.
 */
export type PrintRequester = { session: string | null; staff: boolean };

/**
 * The requester a signed-in caller prints as: her session, and staff when she is an admin. It
 * takes only the id and the kind (a signed-in actor has both), so the printer, below the session,
 * knows nothing else of who asks.
 */
export const printedFor = (requester: { sessionId: string | null; kind: 'student' | 'admin' | 'guardian' }): PrintRequester => ({
  session: requester.sessionId,
  staff: requester.kind === 'admin',
});

/** Too many documents wait for the printing process: 503 with a retry time, at once. */
export class PrintingBusy extends HttpError {
  constructor() {
    super(503, messages.printingBusy, undefined, { retryAfter: 30 });
  }
}

/** The session already has `MAX_PER_SESSION` documents in the printer: 429, at once. */
export class StillPreparing extends TooManyRequests {
  constructor() {
    super('Your document is still being prepared. Please wait for it before asking for another.', 5);
  }
}

/** The server is stopping: a document it cannot finish in time is answered this, never cut off (decision 041). */
export class PrintingStopped extends HttpError {
  constructor() {
    super(503, messages.restarting, undefined, { retryAfter: 5 });
  }
}

/**
 * The printing process's script. The built server (dist/main.js) has the bundled
 * printing-process.js beside it; run from its sources (tests, development) the process loads the
 * TypeScript file through the same loader, found from here whatever folder the server runs in.
 */
const fromSources = import.meta.url.endsWith('.ts');
const printingScript = fileURLToPath(new URL(fromSources ? './printing-process.ts' : './printing-process.js', import.meta.url));

type Job = { document: PrintJob['document']; output: PassThrough; id?: number; bytesSent?: boolean; triedAgain?: boolean };
type Printing = { child: ChildProcess; job?: Job; idleTimer?: ReturnType<typeof setTimeout> };
/** Documents of one kind of requester: those waiting, and how many are asked for and not yet started or dropped (`waiting`, and those whose crest is still loading). */
type Queue = { waiting: Job[]; notStarted: number; places: number };

/** Staff documents are taken first, from places of their own. */
const queues = {
  staff: { waiting: [], notStarted: 0, places: MAX_STAFF_WAITING } as Queue,
  student: { waiting: [], notStarted: 0, places: MAX_WAITING } as Queue,
};
/** Documents each session has in the printer, from asking until its stream closes. */
const perSession = new Map<string, number>();
let printing: Printing | undefined;
/** A document whose printing process ended before sending any of it: printed next by a new process, once (`printAgain`). */
let again: Job | undefined;
let lastId = 0;
let stopping = false;

/** What the printer holds: documents not yet started, and whether one is printing now. */
export const printerState = () => ({ waiting: queues.staff.notStarted + queues.student.notStarted, printing: printing?.job !== undefined });

/** Starts the printing process: its own Node, none of the server's options, what it writes to the output shown with the server's. */
function startPrinting(): Printing {
  const child = fork(printingScript, [String(PRINTING_NICE)], {
    execArgv: fromSources ? ['--import', import.meta.resolve('tsx')] : [],
    // Documents and their bytes go as V8 serializes them, as they did to a worker thread.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // A process group of its own: a stop signal sent to the server's group (Ctrl-C, `kill -TERM
    // -PID`, `npm start` stopped) reaches the server alone, which finishes or refuses the document
    // in print (decision 041); the process still ends with its channel to the server.
    detached: true,
  });
  const started: Printing = { child };
  child.on('message', (answer: PrintAnswer) => {
    const job = started.job;
    if (!job || job.id !== answer.id) return;
    if ('bytes' in answer) {
      job.bytesSent = true;
      if (!job.output.destroyed) job.output.write(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      return;
    }
    if ('end' in answer) job.output.end();
    else job.output.destroy(new Error(answer.error));
    started.job = undefined;
    printNext();
  });
  // The process failed as a whole (out of memory, say): its document fails, and the next starts a
  // new process. Ended while the server stops (a signal to every process of the service), its
  // document is answered as the stop answers any it cannot print, never as a failure (500).
  const lost = (error: Error, signal?: NodeJS.Signals | null) => {
    const job = started.job;
    started.job = undefined;
    // Ended by a stop signal (one that reached it before it could ignore them) or gone before it
    // could take the document (its channel closed), its document is printed again by a new process
    // or refused by the stop; ended otherwise (killed, out of memory), the document fails.
    const code = (error as Error & { code?: string }).code ?? '';
    const gone = ['SIGTERM', 'SIGINT', 'SIGHUP'].includes(signal ?? '') || ['EPIPE', 'ERR_IPC_CHANNEL_CLOSED'].includes(code);
    if (job && !(gone && printAgain(job))) job.output.destroy(stopping ? new PrintingStopped() : error);
    clearTimeout(started.idleTimer);
    if (printing === started) printing = undefined;
    printNext();
  };
  child.on('error', lost);
  child.on('exit', (code, signal) => lost(new Error(`The printing process stopped (${signal ?? `exit code ${code}`}).`), signal));
  return started;
}

/**
 * Gives a document another printing process when its own ended before sending any of it (a
 * signal that reached it as it started, say), once: true when it will be printed again. Not while
 * stopping, when it is refused as the stop refuses any (decision 041).
 */
function printAgain(job: Job): boolean {
  if (stopping || job.bytesSent || job.triedAgain || job.output.destroyed) return false;
  job.triedAgain = true;
  again = job;
  return true;
}

/** The next document still wanted: one printed again first, then staff documents; one whose request has gone (its stream destroyed) is dropped unprinted. */
function nextJob(): Job | undefined {
  const first = again;
  again = undefined;
  if (first && !first.output.destroyed) return first;
  for (const queue of [queues.staff, queues.student]) {
    for (let job = queue.waiting.shift(); job; job = queue.waiting.shift()) {
      queue.notStarted -= 1;
      if (!job.output.destroyed) return job;
    }
  }
  return undefined;
}

/** Sends the next waiting document to the printing process when it is free; an idle one never keeps the server running, and stops after a while. */
function printNext(): void {
  if (printing?.job) return;
  const job = nextJob();
  if (!job) {
    if (printing && !printing.idleTimer) {
      const idle = printing;
      idle.child.unref();
      idle.child.channel?.unref();
      idle.idleTimer = setTimeout(
        () => {
          if (printing === idle) printing = undefined;
          // Its channel closed, the printing process exits (printing-process.ts).
          idle.child.disconnect();
        },
        stopping ? 0 : IDLE_MS,
      );
      idle.idleTimer.unref();
    }
    return;
  }
  printing ??= startPrinting();
  clearTimeout(printing.idleTimer);
  printing.idleTimer = undefined;
  printing.child.ref();
  printing.child.channel?.ref();
  printing.job = Object.assign(job, { id: (lastId += 1) });
  try {
    printing.child.send({ id: job.id!, document: job.document } satisfies PrintJob);
  } catch (error) {
    // A document that cannot be sent (a function in its content) fails alone.
    job.output.destroy(error as Error);
    printing.job = undefined;
    printNext();
  }
}

/** Counts a session's document in the printer until its stream closes (read to its end, failed or dropped). */
function holdPlaceOf(session: string, output: PassThrough): void {
  perSession.set(session, (perSession.get(session) ?? 0) + 1);
  output.once('close', () => {
    const left = (perSession.get(session) ?? 1) - 1;
    if (left > 0) perSession.set(session, left);
    else perSession.delete(session);
  });
}

/**
 * Renders a school document (`schoolDocument`) to a stream of PDF bytes, for
 * `reply.type('application/pdf').send(renderPdfStream(definition, printedFor(actor)))` when the document is long.
 * Documents are laid out and written by the printing process, one at a time: staff documents
 * before students', each in the order asked; one whose stream is destroyed before its turn (its
 * request has gone) is dropped unprinted. Throws `StillPreparing` when the requester's session
 * already has `MAX_PER_SESSION` documents in the printer, `PrintingBusy` when its places are all
 * taken, and `PrintingStopped` once the server is stopping.
 */
/** Every text of a document's content without the characters XML 1.0 forbids (decision 038): what a field holds prints as the spreadsheets show it. */
function withoutForbiddenText<T>(content: T): T {
  if (typeof content === 'string') return withoutForbiddenCharacters(content) as T;
  if (Array.isArray(content)) return content.map(withoutForbiddenText) as T;
  if (content && typeof content === 'object' && Object.getPrototypeOf(content) === Object.prototype) {
    return Object.fromEntries(Object.entries(content).map(([key, value]) => [key, withoutForbiddenText(value)])) as T;
  }
  return content;
}

export function renderPdfStream(definition: SchoolDocument, requester?: PrintRequester): Readable {
  if (stopping) throw new PrintingStopped();
  const session = requester?.session ?? null;
  if (session !== null && (perSession.get(session) ?? 0) >= MAX_PER_SESSION) throw new StillPreparing();
  const queue = requester?.staff ? queues.staff : queues.student;
  if (queue.notStarted >= queue.places) throw new PrintingBusy();
  queue.notStarted += 1;
  const output = new PassThrough();
  if (session !== null) holdPlaceOf(session, output);
  // The header and footer are drawn again from the frame in the printing process; functions cannot be sent there.
  const { header: _header, footer: _footer, content, ...rest } = definition;
  const document = { ...rest, content: withoutForbiddenText(content) };
  crestPicture().then(
    (crest) => {
      if (stopping) {
        queue.notStarted -= 1;
        output.destroy(new PrintingStopped());
        return;
      }
      // Named once in the document's images, the crest is embedded once however many pages show it.
      queue.waiting.push({ document: { ...document, images: { [CREST_IMAGE]: crest, ...document.images } }, output });
      printNext();
    },
    (error: Error) => {
      queue.notStarted -= 1;
      output.destroy(error);
    },
  );
  return output;
}

/** Renders a school document to one Buffer of PDF bytes (see `renderPdfStream`). */
export async function renderPdf(definition: SchoolDocument, requester?: PrintRequester): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderPdfStream(definition, requester)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The server is stopping (graceful-stop.ts): documents not yet started are answered
 * `PrintingStopped` at once, and so is any asked for from now on. The document in print may
 * finish within `withinMs`; if none of its bytes have come by then, it is answered
 * `PrintingStopped` too, so that its request gets an answer before the server closes its
 * connections, and the printing process, whose work nobody will read, is ended. Once the printer
 * is idle the printing process is let go at once, and exits by itself.
 */
export function stopPrinting(withinMs: number): void {
  if (stopping) return;
  stopping = true;
  again?.output.destroy(new PrintingStopped());
  again = undefined;
  for (const queue of [queues.staff, queues.student]) {
    for (const job of queue.waiting.splice(0)) {
      queue.notStarted -= 1;
      job.output.destroy(new PrintingStopped());
    }
  }
  const current = printing;
  if (!current?.job) {
    // Idle: let it go now rather than after the idle time.
    if (current) clearTimeout(current.idleTimer);
    if (current) current.idleTimer = undefined;
    printNext();
    return;
  }
  const late = setTimeout(() => {
    const job = current.job;
    if (!job || job.bytesSent) return;
    current.job = undefined;
    job.output.destroy(new PrintingStopped());
    current.child.kill('SIGKILL');
  }, withinMs);
  late.unref();
}
