import { messages } from '@school/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFault } from '../db/database-faults.ts';
import { fieldOfPath, HttpError, invalidFields } from './errors.ts';

/** Field name of a validation issue: '/email' → 'email'. */
const fieldOf = (instancePath: string) => fieldOfPath(instancePath.split('/').filter(Boolean));

/**
 * The one error handler: every 4xx becomes `{ message, errors }` (SPEC §8 reads errors first),
 * and a 5xx is logged in full but answered with a plain sentence, never its details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A stream that failed before its first byte (a PDF in print) has set its headers on the raw
    // response already; the answer is now this JSON error, not that file.
    if (!reply.raw.headersSent) for (const header of ['content-type', 'content-disposition', 'content-length']) reply.raw.removeHeader(header);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const invalid = invalidFields(
        error.validation.map((issue) => ({ field: fieldOf(issue.instancePath ?? ''), message: issue.message ?? messages.invalidValue })),
      );
      return reply.code(422).send({ message: invalid.message, errors: invalid.errors });
    }
    if (error instanceof HttpError) {
      if (error.extra?.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    // PostgreSQL refuses text holding a NUL character (SQLite stores it): the input is at fault, not the server.
    if (['22021', '22P05'].includes((error as { code?: string }).code ?? '')) {
      return reply.code(422).send({ message: messages.nulCharacter });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Errors raised by Fastify and its plugins: bad JSON, oversize body, wrong content type, rate limit.
      return reply.code(status).send({ message: clientMessage(error, request) });
    }
    const unavailable = databaseUnavailable(error, request.method);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.serverFault });
  });
}

function clientMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return (request.routeOptions.schema?.consumes as string[] | undefined)?.includes('multipart/form-data')
        ? 'This call takes a file sent as multipart/form-data.'
        : 'This call accepts JSON only.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}

export const databaseMessages = {
  busy: 'The database is busy just now, so this was not done. Please try again in a moment.',
  lost: 'The connection to the database was lost, so this was not done. Please try again in a moment.',
  /** A change whose connection was lost under it may have been saved or not (decision 041): the next save finds out (409 with the record as stored). */
  unknown:
    'The connection to the database was lost before this change was confirmed, so it may or may not have been saved. Please check and try again in a moment.',
  full: 'The server has no disk space left, so nothing can be saved just now. Please try again later and tell the school office.',
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A full disk as the system reports it, writing an upload or a stored file (the database's own full disk is `databaseFault`'s). */
const diskFullCodes = new Set(['ENOSPC', 'EDQUOT']);

/**
 * When an error means the database could not serve the request for now (a stall past the time
 * limit, SQLite busy or locked, a lost connection, a full disk: the database's or the one uploads
 * are written to), the sentence to answer with 503; else null. A change whose connection was cut
 * under a statement is never said to be not done.
 */
export function databaseUnavailable(error: unknown, method = 'GET'): string | null {
  if (diskFullCodes.has(String((error as { code?: unknown } | null)?.code ?? ''))) return databaseMessages.full;
  switch (databaseFault(error)) {
    case 'full':
      return databaseMessages.full;
    case 'busy':
      return databaseMessages.busy;
    case 'unreachable':
      return databaseMessages.lost;
    case 'cut':
      return MUTATING.has(method) ? databaseMessages.unknown : databaseMessages.lost;
    default:
      return null;
  }
}
