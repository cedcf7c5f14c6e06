import { z } from 'zod';

/** The error shape of every 4xx and 5xx answer (SPEC §8 reads `errors` first, then `message`). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .loose()
  .meta({ id: 'ApiError', description: 'The message to show, and the messages of each field that was refused.' });

/** A plain acknowledgement: `{ message }`, the sentence the screen shows. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/**
 * The error answers every route declares beside its success answers:
 * `response: { 200: someSchema, ...errorResponses }`. A route with an error of its own shape
 * (409 with the current record) declares that status code too; the more precise code wins.
 */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** An answer with no body (204): `response: { 204: noContent, ...errorResponses }`. */
export const noContent = z.null().meta({ description: 'No content.' });

/** The bytes of a file, sent as they are (a Buffer or a stream): never serialised, described as binary. */
const binaryBody = z.unknown().meta({ type: 'string', format: 'binary' });

/**
 * A binary answer (a PDF, a spreadsheet, a stored file) in one of `contentTypes`:
 * `response: { 200: binaryResponse('application/pdf'), ...errorResponses }`.
 */
export const binaryResponse = (...contentTypes: [string, ...string[]]) => ({
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binaryBody }])),
});
