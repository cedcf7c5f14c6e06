import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { messages } from '@school/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { HttpError, Invalid } from '../../lib/errors.ts';

/** One multipart upload as received: its text fields and the file, streamed to a temporary file. */
export type ReceivedUpload = { fields: Record<string, string>; temp: string | null; originalName: string };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const tooLarge = (settings: Config) => {
  const message = `The file is larger than ${megabytes(settings.uploadMaxBytes)}.`;
  return new HttpError(413, message, { file: [message] });
};

/** The name as shown and offered for download: no folders, no control characters, at most 200 characters. */
const displayName = (name: string) =>
  [...path.basename(name.replaceAll('\\', '/'))]
    .filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127)
    .join('')
    .slice(-200) || 'document';

/** Streams the one file of a multipart request to a temporary file, refusing it past the size limit. */
export async function receiveUpload(request: FastifyRequest, settings: Config): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new Invalid(messages.selectFile, { file: [messages.selectFile] });
  const incoming = path.join(settings.dataDir, 'uploads', '.incoming');
  await fs.mkdir(incoming, { recursive: true });
  const fields: Record<string, string> = {};
  let temp: string | null = null;
  let originalName = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: settings.uploadMaxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || temp) {
        part.file.resume();
        continue;
      }
      originalName = displayName(part.filename ?? '');
      temp = path.join(incoming, randomBytes(16).toString('hex'));
      try {
        await pipeline(part.file, createWriteStream(temp));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(settings);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(settings);
    }
    return { fields, temp, originalName };
  } catch (error) {
    if (temp) await fs.rm(temp, { force: true });
    throw error;
  }
}
