import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.ts';

/** Field name of a validation issue: '/body/email' or '/email' → 'email'. */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || 'request';

/**
 * The one error handler: every 4xx becomes `{ message, errors }` (SPEC §8 reads errors first),
 * and a 5xx is logged in full but answered with a plain sentence, never its details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) (errors[fieldOf(issue.instancePath ?? '')] ??= []).push(issue.message ?? 'This value is not valid.');
      const first = Object.values(errors)[0]?.[0] ?? 'The request is not valid.';
      return reply.code(422).send({ message: first, errors });
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 429 && error.extra?.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Errors raised by Fastify and its plugins: bad JSON, oversize body, wrong content type, rate limit.
      return reply.code(status).send({ message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This call accepts JSON only.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}
