import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the browser accepts (Accept-Encoding, q=0 meaning "not this") among those at hand. */
export function preferredEncoding(header: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (available.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (available.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

/** Below this an answer goes as it is: its headers outweigh what compressing would save. */
export const COMPRESS_FROM_BYTES = 1024;

const compressors = {
  // Quality 5: most of brotli's gain over gzip at a small part of its top setting's time.
  br: promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
    brotliCompress(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } }, done),
  ),
  gzip: promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) => gzip(input, { level: 6 }, done)),
};

/**
 * Compresses the JSON answers of GET calls of 1 KB or more, by brotli or gzip as the browser
 * takes them (decision 055): her record and the reference lists reach a phone on slow mobile data
 * in a third of the bytes. Answers to other methods go as they are: they may carry what was just
 * sent (a code, a secret), and an answer's compressed length must never reveal it.
 */
export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json') || reply.hasHeader('content-encoding')) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding'], { br: true, gzip: true });
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressors[encoding](Buffer.from(payload));
  });
}
