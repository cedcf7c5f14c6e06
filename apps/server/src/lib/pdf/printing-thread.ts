// The printing thread (see printer.ts): lays out and writes each document it is sent, one at a
// time, and sends its bytes back. Long documents take seconds of processor time; here they no
// longer hold up the event loop that answers every other request.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { pdfFonts } from './fonts.ts';
import { framedDocument, type SchoolDocument } from './layout.ts';

/** What the printer sends: a document to print, numbered. */
export type PrintJob = { id: number; document: Omit<SchoolDocument, 'header' | 'footer'> };
/** What the thread answers: the document's bytes in pieces, then its end or its error. */
export type PrintAnswer = { id: number; bytes: Uint8Array } | { id: number; end: true } | { id: number; error: string };

/** pdfmake 0.2's server-side printer (its published types describe only the browser build). */
type PdfKitDocument = NodeJS.ReadableStream & { end(): void };
type Printer = { createPdfKitDocument(definition: object): PdfKitDocument };

/** Pieces of at least this many bytes are sent back: pdfkit writes a document in thousands of small ones. */
const PIECE_BYTES = 64 * 1024;

const port = parentPort!;
// A low priority, as the hashing threads have: the event loop's requests come first.
try {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(threadId, (workerData as { nice: number }).nice);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}
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
    port.postMessage({ id, bytes } satisfies PrintAnswer, [bytes.buffer]);
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
      port.postMessage({ id, end: true } satisfies PrintAnswer);
    });
    pdf.on('error', (error: Error) => port.postMessage({ id, error: error.message } satisfies PrintAnswer));
    pdf.end();
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PrintAnswer);
  }
}

port.on('message', print);
