import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { messages } from '@school/contract';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { HttpError, Invalid, invalidField } from '../errors.ts';
import { uploadsDir } from '../file-store/index.ts';
import { kindsInWords, sniffUploadKind, uploadKinds, type UploadKind } from './upload-kinds.ts';

/** The folder of files still arriving; inside the uploads folder, so the folder store moves a file rather than copying it. */
export const incomingDir = (settings: Pick<Config, 'dataDir'>): string => path.join(uploadsDir(settings), '.incoming');

/**
 * A file received by `receiveUpload`: on disk at `path` until the request ends, when it is
 * removed unless a store has taken it (`FileStore.put` moves it away).
 */
export class ReceivedFile {
  constructor(
    /** The temporary file. */
    readonly path: string,
    /** The name it was sent with, made safe to show and offer: no folders, no control characters, at most 200 characters. */
    readonly name: string,
    /** Its extension in lower case, with the dot ('.pdf'); '' when it has none. */
    readonly extension: string,
    readonly size: number,
    /** What its content is (never its name): one of `uploadKinds`, or null when it is none of them. */
    readonly kind: UploadKind | null,
  ) {}

  /** The content's media type, when the content is one of the kinds. */
  get mime(): string | null {
    return this.kind ? uploadKinds[this.kind].mime : null;
  }

  /** True when both its extension and its content are among `kinds`. */
  isOneOf(kinds: readonly UploadKind[]): boolean {
    return (
      this.kind !== null && kinds.includes(this.kind) && kinds.some((kind) => (uploadKinds[kind].extensions as readonly string[]).includes(this.extension))
    );
  }
}

/**
 * The `file` field of an upload call's body schema: present and not empty, else "Please select a
 * file!" (SPEC §5). In the API document it is a binary part of the multipart body.
 */
export const uploadedFile = () =>
  z
    .custom<ReceivedFile>((value) => value instanceof ReceivedFile && value.size > 0, { message: messages.selectFile })
    .meta({ type: 'string', format: 'binary' });

/** Refuses the file with 422 `{ file: [message] }` unless its extension and its content are both among `kinds`. */
export function assertFileKind(file: ReceivedFile, kinds: readonly UploadKind[], message = `The file must be ${kindsInWords(kinds)}.`): void {
  if (!file.isOneOf(kinds)) throw invalidField('file', message);
}

export type UploadOptions = {
  /** The kinds this call takes at all; a file of any other kind is refused before validation. Leave it out when the kind depends on a field and the service checks it (`assertFileKind`). */
  accept?: readonly UploadKind[];
  /** The largest file, in bytes; UPLOAD_MAX_BYTES when not given. */
  maxBytes?: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Temporary files of this request, removed when it ends however it ends. */
    uploadTemps?: string[];
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const tooLarge = (maxBytes: number) => {
  const message = `The file is larger than ${megabytes(maxBytes)}.`;
  return new HttpError(413, message, { file: [message] });
};

/** The name as shown and offered for download: no folders, no control characters, at most 200 characters. */
const safeName = (name: string) =>
  [...path.basename(name.replaceAll('\\', '/'))]
    .filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127)
    .join('')
    .slice(-200);

/** Streams the request's one `file` part to a temporary file and collects its text fields. */
async function streamParts(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file?: ReceivedFile }> {
  const fields: Record<string, string> = {};
  const folder = incomingDir(request.server.deps.config);
  await fs.mkdir(folder, { recursive: true });
  let file: ReceivedFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    if (part.type === 'field') {
      // A field's own name is kept only if it is a plain name (no prototype keys such as __proto__).
      if (/^[A-Za-z][\w-]{0,39}$/.test(part.fieldname)) fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    const temp = path.join(folder, randomBytes(16).toString('hex'));
    (request.uploadTemps ??= []).push(temp);
    try {
      await pipeline(part.file, createWriteStream(temp));
      if (part.file.truncated) throw tooLarge(maxBytes);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(maxBytes) : error;
    }
    const name = safeName(part.filename ?? '') || 'document';
    const size = (await fs.stat(temp)).size;
    file = new ReceivedFile(temp, name, path.extname(name).toLowerCase(), size, size > 0 ? await sniffUploadKind(temp) : null);
  }
  return { fields, file };
}

/**
 * The upload pipeline, as a route's `preValidation` hook: it streams the one file of a
 * `multipart/form-data` request to a temporary file (refusing it with 413 past the size cap),
 * tells its kind by content, and sets `request.body` to the text fields plus `file`, a
 * `ReceivedFile`, so the route's body schema validates them (use `uploadedFile()` for `file`).
 * The temporary file is removed when the request ends, whether it succeeds, fails or is aborted.
 *
 *   app.post('/api/student-import', {
 *     config: { access: 'admin' },
 *     preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }),
 *     schema: { consumes: ['multipart/form-data'], body: studentImportRequest.extend({ file: uploadedFile() }), response: {...} },
 *   }, async (request) => importStudents(app.deps, adminActor(request), request.body));
 */
export function receiveUpload(options: UploadOptions = {}): preValidationHookHandler {
  return async (request) => {
    if (!request.isMultipart()) throw new Invalid(messages.selectFile, { file: [messages.selectFile] });
    const { fields, file } = await streamParts(request, options.maxBytes ?? request.server.deps.config.uploadMaxBytes);
    if (file && file.size > 0 && options.accept) assertFileKind(file, options.accept);
    request.body = { ...fields, file };
  };
}

/** Removes the request's temporary files (a store that took one has moved it, so it is simply gone). */
async function removeTemps(request: FastifyRequest): Promise<void> {
  const temps = request.uploadTemps;
  if (!temps?.length) return;
  request.uploadTemps = [];
  await Promise.all(temps.map((temp) => fs.rm(temp, { force: true })));
}

/**
 * Registers multipart parsing once for the whole app, and the hooks that remove a request's
 * temporary files before its answer is sent (whatever the answer), and when it times out or the
 * client aborts it.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const { config: settings } = app.deps;
  await app.register(multipart, { limits: { fileSize: settings.uploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 } });
  app.addHook('onSend', async (request) => removeTemps(request));
  app.addHook('onResponse', removeTemps);
  app.addHook('onRequestAbort', removeTemps);
  app.addHook('onTimeout', removeTemps);
}
