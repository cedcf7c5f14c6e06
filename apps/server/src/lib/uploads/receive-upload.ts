import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { messages } from '@school/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { HttpError, Invalid, invalidField } from '../errors.ts';
import { claimTemporary, incomingDir, incomingRoot, incomingSweep, releaseTemporary, sweepIncoming } from './incoming.ts';
import { kindsInWords, sniffUploadKind, uploadKinds, type UploadKind } from './upload-kinds.ts';

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
export function assertFileKind(file: ReceivedFile, kinds: readonly UploadKind[], message: string = messages.fileKind(kindsInWords(kinds))): void {
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
    /** Aborted when the request ends: a file still being written stops, and none is started. */
    uploadEnded?: AbortController;
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const tooLarge = (maxBytes: number) => {
  const message = messages.fileTooLarge(megabytes(maxBytes));
  return new HttpError(413, message, { file: [message] });
};

/** The name as shown and offered for download: no folders, no control characters, at most 200 characters. */
const safeName = (name: string) =>
  [...path.basename(name.replaceAll('\\', '/'))]
    .filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127)
    .join('')
    .slice(-200);

/** A body that is not whole, well-formed multipart/form-data: no boundary, cut short, a broken part. */
const malformedUpload = () => {
  const message = messages.uploadNotWhole;
  return new HttpError(400, message, { file: [message] });
};

/**
 * What an error met while receiving an upload becomes: a body the client cut off, or the multipart
 * parser's own complaints about it (plain errors without a status), are the client's: 400, not
 * logged as a failure of ours; a limit of the parser keeps its 4xx; an error of the system (a full
 * disk: ENOSPC) passes on as it is, for the error handler (503 for a full disk).
 */
function uploadError(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof HttpError || !(error instanceof Error)) return error;
  if (request.raw.destroyed) return malformedUpload();
  const { statusCode, errno, syscall } = error as Error & { statusCode?: number; errno?: number; syscall?: string };
  if (statusCode !== undefined || errno !== undefined || syscall !== undefined) return error;
  return malformedUpload();
}

/** Streams the request's one `file` part to a temporary file and collects its text fields. */
async function streamParts(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file?: ReceivedFile }> {
  const fields: Record<string, string> = {};
  const folder = incomingDir(request.server.deps.config);
  await fs.mkdir(folder, { recursive: true });
  const ended = (request.uploadEnded ??= new AbortController()).signal;
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
    // The request may have ended while its parts were still being read: then nothing is written.
    ended.throwIfAborted();
    // Past the cap the rest of the file is not waited for: the answer is 413 at once.
    if (part.file.truncated) throw tooLarge(maxBytes);
    const temp = path.join(folder, randomBytes(16).toString('hex'));
    claimTemporary(temp);
    (request.uploadTemps ??= []).push(temp);
    const writer = createWriteStream(temp);
    try {
      part.file.once('limit', () => writer.destroy(tooLarge(maxBytes)));
      await pipeline(part.file, writer, { signal: ended });
      if (part.file.truncated) throw tooLarge(maxBytes);
    } catch (error) {
      // A writer still opening its file would create it after the removal: it is closed first.
      if (!writer.closed) await new Promise<void>((resolve) => writer.destroy().once('close', () => resolve()));
      await releaseTemporary(temp);
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
 *     config: { access: 'records:write' },
 *     preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }),
 *     schema: { consumes: ['multipart/form-data'], body: studentImportRequest.extend({ file: uploadedFile() }), response: {...} },
 *   }, async (request) => importStudents(app.deps, adminActor(request), request.body));
 */
export function receiveUpload(options: UploadOptions = {}): preValidationHookHandler {
  return async (request, reply) => {
    if (!request.isMultipart()) throw new Invalid(messages.selectFile, { file: [messages.selectFile] });
    const maxBytes = options.maxBytes ?? request.server.deps.config.uploadMaxBytes;
    let received: Awaited<ReturnType<typeof streamParts>>;
    try {
      received = await streamParts(request, maxBytes);
    } catch (error) {
      releaseBody(request, reply, maxBytes);
      throw uploadError(error, request);
    }
    const { fields, file } = received;
    if (file && file.size > 0 && options.accept) assertFileKind(file, options.accept);
    request.body = { ...fields, file };
  };
}

/**
 * The upload pipeline of a call that takes JSON or a multipart form with an optional file, whose
 * body names the student the access check reads (an absence note: decision 065). The access check
 * runs before a route's own `preValidation`, so its `studentIdFrom` may need the form first:
 * `field(name)` reads that field after receiving the upload, and `preValidation` receives it for a
 * call whose access does not ask; either way it is received once. A JSON body is left as it is.
 *
 *   const upload = receiveUploadOnce();
 *   app.post('/api/absence-notes', {
 *     config: { access: 'family or records:write', studentIdFrom: upload.field('student_id') },
 *     preValidation: upload.preValidation,
 *     schema: { consumes: ['application/json', 'multipart/form-data'], body: absenceNoteRequest.extend({ file: uploadedFile().optional() }), ... },
 *   }, ...);
 */
export function receiveUploadOnce(options: UploadOptions = {}) {
  const receive = receiveUpload(options) as (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  const received = new WeakMap<FastifyRequest, Promise<void>>();
  const once = (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let receiving = received.get(request);
    if (!receiving) {
      receiving = request.isMultipart() ? receive.call(request.server, request, reply) : Promise.resolve();
      received.set(request, receiving);
    }
    return receiving;
  };
  return {
    preValidation: once,
    /** The body's field `name`, once the upload (if it is one) is received. */
    field: (name: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      await once(request, reply);
      const body = request.body;
      return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    },
  };
}

/** Room in a body for its text fields and part headers beside the file. */
const FIELDS_ALLOWANCE = 1024 * 1024;

/**
 * After an upload failed part-way (a full disk, a file past the cap, a broken part), the rest of
 * its body is still on the connection, and the next request on that keep-alive connection can
 * only be read after it: it is read and thrown away, so the connection serves on. A body larger
 * than the call takes is not waited for: the answer closes the connection instead.
 */
function releaseBody(request: FastifyRequest, reply: FastifyReply, maxBytes: number): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  const declared = Number(request.headers['content-length']);
  if (!(declared <= maxBytes + FIELDS_ALLOWANCE)) reply.header('connection', 'close');
  raw.unpipe();
  raw.resume();
}

/** Ends the request's uploads: a file still being written stops, and every temporary file is removed. */
async function removeTemps(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) (request.uploadEnded ??= new AbortController()).abort();
  const temps = request.uploadTemps;
  if (!temps?.length) return;
  request.uploadTemps = [];
  await Promise.all(temps.map(releaseTemporary));
}

/**
 * Registers multipart parsing once for the whole app; the hooks that remove a request's temporary
 * files before its answer is sent (whatever the answer), and when it times out or the client
 * aborts it; and the sweep of abandoned uploads (decision 040): when the app is ready, every
 * upload no process can still be writing goes at once, and again every few minutes while it serves.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const { config: settings, dialect } = app.deps;
  await app.register(multipart, { limits: { fileSize: settings.uploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 } });
  app.addHook('onSend', async (request) => removeTemps(request));
  app.addHook('onResponse', removeTemps);
  app.addHook('onRequestAbort', removeTemps);
  app.addHook('onTimeout', removeTemps);

  // With SQLite the portal is one process (decision 028): no other can be writing an upload.
  const sweep = async () => {
    const removed = await sweepIncoming(incomingRoot(settings), { singleProcess: dialect === 'sqlite' });
    if (removed > 0) app.log.info(`Removed ${removed} unfinished upload(s) left by an interrupted request or a stopped server.`);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => sweep().catch((error: Error) => app.log.warn(`The sweep of unfinished uploads failed: ${error.message}`)), incomingSweep.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
