import { open } from 'node:fs/promises';
import type * as FileType from 'file-type';

/**
 * The kinds of file the portal takes, each by its extensions and by what its content must be.
 * Documents are PDFs and photos; the admin's imports are workbooks, CSV text and ZIPs of PDFs.
 */
export const uploadKinds = {
  pdf: { extensions: ['.pdf'], mime: 'application/pdf', words: 'a PDF file' },
  jpeg: { extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', words: 'a JPEG image' },
  png: { extensions: ['.png'], mime: 'image/png', words: 'a PNG image' },
  xlsx: { extensions: ['.xlsx'], mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', words: 'an Excel workbook (.xlsx)' },
  csv: { extensions: ['.csv'], mime: 'text/csv', words: 'a CSV file' },
  zip: { extensions: ['.zip'], mime: 'application/zip', words: 'a ZIP file' },
} as const;
export type UploadKind = keyof typeof uploadKinds;

/** file-type's name for each kind it recognises by content. */
const sniffedKinds: Record<string, UploadKind> = { pdf: 'pdf', jpg: 'jpeg', png: 'png', xlsx: 'xlsx', zip: 'zip' };

/** How much of a file is read to decide whether it is text. */
const TEXT_PROBE_BYTES = 64 * 1024;

/** True when the start of the file is UTF-8 text without NUL bytes (a cut multi-byte character at the probe's end is allowed). */
async function looksLikeText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_PROBE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_PROBE_BYTES, 0);
    const probe = buffer.subarray(0, bytesRead);
    if (bytesRead === 0 || probe.includes(0)) return false;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(probe, { stream: bytesRead === TEXT_PROBE_BYTES });
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

let sniffer: Promise<typeof FileType> | undefined;

/**
 * Loads file-type, which `sniffUploadKind` reads signatures with, once. The server starts it as
 * soon as it listens (main.ts): loading it takes some 40 ms of the event loop in pieces, and on
 * the first upload after a start every request under way waited for it.
 */
export function loadSniffer(): Promise<typeof FileType> {
  sniffer ??= import('file-type').catch((error: unknown) => {
    sniffer = undefined;
    throw error;
  });
  return sniffer;
}

/**
 * What the file is by its content, never by its name: file-type reads its signature (and, for a
 * ZIP, whether it is a workbook); a file with no signature that is UTF-8 text counts as CSV.
 * Null when it is none of the kinds the portal takes.
 */
export async function sniffUploadKind(file: string): Promise<UploadKind | null> {
  const { fileTypeFromFile } = await loadSniffer();
  const sniffed = await fileTypeFromFile(file);
  if (sniffed) return sniffedKinds[sniffed.ext] ?? null;
  return (await looksLikeText(file)) ? 'csv' : null;
}

/** "a PDF file", "a JPEG image or a PNG image": the kinds as a message names them. */
export function kindsInWords(kinds: readonly UploadKind[]): string {
  const words = kinds.map((kind) => uploadKinds[kind].words);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
