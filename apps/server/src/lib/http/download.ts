import type { Readable } from 'node:stream';
import { messages } from '@school/contract';
import type { FastifyReply } from 'fastify';
import { databaseUnavailable } from '../error-handler.ts';
import { HttpError } from '../errors.ts';

/** Shown in the browser (a PDF, a photo) or saved straight away (a spreadsheet, a file of an unknown kind). */
export type Disposition = 'inline' | 'attachment';

/**
 * The plain-ASCII stand-in for a name (RFC 6266 `filename="..."`), for browsers that cannot read
 * `filename*`: accents dropped (é → e), and anything that could end the quoted string, split the
 * header or name a folder (quotes, backslashes, CR/LF and other controls, `/`, `%`) becomes `_`.
 */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\/%]/g, '_');
}

/** Half of a surrogate pair standing alone: not a character, and not UTF-8 (U+FFFD takes its place). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name in RFC 8187 form (`filename*=UTF-8''...`): UTF-8, every byte that is not a plain name character percent-encoded. */
const encodedName = (name: string): string =>
  encodeURIComponent(name.replace(loneSurrogate, '\ufffd')).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` for a file named `name` (RFC 6266): an ASCII fallback for old browsers and
 * the exact name in UTF-8, which current browsers use. Any name is safe: it can neither split the
 * header nor climb out of the download folder.
 */
export function contentDisposition(disposition: Disposition, name: string): string {
  const shown = name.trim() || 'download';
  return `${disposition}; filename="${asciiFallback(shown)}"; filename*=UTF-8''${encodedName(shown)}`;
}

/** A file the portal sends: its bytes, their type, the name the browser offers, and whether it is shown or saved. */
export type Download = {
  body: Buffer | Readable;
  type: string;
  name: string;
  disposition?: Disposition;
  /** The size in bytes, when the body is a stream of known length. */
  size?: number;
};

/**
 * Sends a download with the headers every download has: its type, `Content-Disposition`,
 * `nosniff` (the browser keeps to the type), and `Cache-Control: private, no-store`, since every
 * file the portal makes or keeps may carry a student's data and must not stay in a shared cache
 * or on a shared computer.
 */
export function sendDownload(reply: FastifyReply, { body, type, name, disposition = 'attachment', size }: Download): FastifyReply {
  if (size !== undefined) reply.header('content-length', size);
  return reply
    .type(type)
    .header('content-disposition', contentDisposition(disposition, name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * A made file (a spreadsheet or CSV written as its rows are read from the database) read to its
 * end before its first byte is sent (issue 49). Its headers would otherwise go with the first
 * bytes, and a database fault a few pages later could only cut the answer: the browser would keep
 * a broken file under a 200. Made whole first, such a fault is answered 503 with a message, and
 * the caller tries again; an export is a few megabytes at most.
 */
export async function madeWhole(made: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of made) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  } catch (error) {
    if (databaseUnavailable(error)) throw new HttpError(503, messages.downloadNotMade, undefined, { retryAfter: 5 });
    throw error;
  } finally {
    made.destroy();
  }
  return Buffer.concat(chunks);
}
