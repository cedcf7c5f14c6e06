// The printing process (see printer.ts): lays out and writes each document it is sent, one at a
// time, and sends its bytes back. Long documents take seconds of processor time; here they no
// longer hold up the event loop that answers every other request, and run only on processor time
// the server leaves (decision 034).
import './stop-signals-ignored.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { pdfFonts } from './fonts.ts';
import { framedDocument, type SchoolDocument } from './layout.ts';

/** What the printer sends: a document to print, numbered. */
export type PrintJob = { id: number; document: Omit<SchoolDocument, 'header' | 'footer'> };
/** What the printing process answers: the document's bytes in pieces, then its end or its error. */
export type PrintAnswer = { id: number; bytes: Uint8Array } | { id: number; end: true } | { id: number; error: string };

/** pdfmake 0.2's server-side printer (its published types describe only the browser build). */
type PdfKitDocument = NodeJS.ReadableStream & { end(): void };
type Printer = { createPdfKitDocument(definition: object): PdfKitDocument };

/** Pieces of at least this many bytes are sent back: pdfkit writes a document in thousands of small ones. */
const PIECE_BYTES = 64 * 1024;

/**
 * Sends an answer to the server. When the server has gone (stopped, or killed) the channel is
 * closed or breaks mid-write: the answer is dropped, never thrown as an unhandled EPIPE, and the
 * channel's end ends this process (below).
 */
const answer = (message: PrintAnswer) => {
  if (process.connected) process.send!(message, undefined, {}, () => undefined);
};

/**
 * Lowers every thread of this process, the garbage collector's and the compiler's with the one
 * that prints, and so every thread they start later. Each gets the nice value `nice`; then, through
 * util-linux's `chrt` (Node has no call for it), Linux's idle scheduling class (SCHED_IDLE): a
 * processor running one of them is handed at once to any other thread of the machine that wakes,
 * so a save arriving while a long report prints waits for no slice of it to end. They still get a
 * small share of a fully busy processor, so a document is slowed, never starved. Where the class
 * cannot be had (not Linux, no `chrt`), the nice value alone lowers them.
 */
function runOnSpareTime(nice: number): void {
  try {
    for (const task of fs.readdirSync('/proc/self/task')) os.setPriority(Number(task), nice);
    execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 2000 });
  } catch {
    // Not Linux, no chrt, or not allowed: what was lowered stays lowered.
  }
}

runOnSpareTime(Number(process.argv[2]));
// The printing process lives as long as its channel to the server: the server closes it when the
// process has been idle a while, and it closes when the server exits or is killed. A stop signal
// sent to every process of the service (Ctrl-C, a service manager) is the server's to act on
// (stop-signals-ignored.ts): while it answers the requests under way, the document being printed
// for one of them is finished.
process.on('disconnect', () => process.exit(0));
const PdfPrinter = createRequire(import.meta.url)('pdfmake') as new (fonts: TFontDictionary) => Printer;
const printer = new PdfPrinter(pdfFonts);

function print({ id, document }: PrintJob): void {
  let pieces: Buffer[] = [];
  let size = 0;
  const send = () => {
    if (size === 0) return;
    // A copy of its own, so that its memory can be handed over rather than copied again.
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const piece of pieces) {
      bytes.set(piece, at);
      at += piece.length;
    }
    pieces = [];
    size = 0;
    answer({ id, bytes });
  };
  try {
    const pdf = printer.createPdfKitDocument(framedDocument(document as SchoolDocument));
    pdf.on('data', (piece: Buffer) => {
      pieces.push(piece);
      size += piece.length;
      if (size >= PIECE_BYTES) send();
    });
    pdf.on('end', () => {
      send();
      answer({ id, end: true });
    });
    pdf.on('error', (error: Error) => answer({ id, error: error.message }));
    pdf.end();
  } catch (error) {
    answer({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

process.on('message', (job: PrintJob) => print(job));
