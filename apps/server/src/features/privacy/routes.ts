import { binaryResponse, errorResponses, messages, recordAccessSchema } from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Forbidden, TooManyRequests } from '../../lib/errors.ts';
import { sendDownload } from '../../lib/http/download.ts';
import type { StudentActor } from '../../session/actor.ts';
import { recordAccessOf } from '../audit/index.ts';
import { myDataZip } from './my-data.ts';

/** How often a student may download her data (decision 050): each download reads and packs all of it. */
export const myDataRate = { max: 3, timeWindowMs: 60 * 60 * 1000 };

/** The caller as a student: staff are signed in too, but have no record of their own here. */
function studentActor(request: FastifyRequest): StudentActor {
  if (request.actor.kind !== 'student') throw new Forbidden(messages.studentsOnly);
  return request.actor;
}

/** What a student may see about her own record (issue 36, point 7): who looked at it, and a copy of all of it. */
export async function privacyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/my-record-access', { config: { access: 'signed-in' }, schema: { response: { 200: recordAccessSchema, ...errorResponses } } }, async (request) =>
    recordAccessOf(app.deps, studentActor(request)),
  );

  app.get(
    '/api/my-data',
    {
      config: {
        access: 'signed-in',
        // Counted per student, and only once the caller is known to be one (after the access check and validation).
        rateLimit: {
          hook: 'preHandler',
          max: myDataRate.max,
          timeWindow: myDataRate.timeWindowMs,
          keyGenerator: (request: FastifyRequest) => `my-data:${studentActor(request).studentId}`,
          // The time left, within the window: a count kept by the database may be stamped by a clock a little ahead of this one.
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
            const left = Math.min(Math.max(context.ttl, 1), myDataRate.timeWindowMs);
            return new TooManyRequests(messages.myDataTooOften(myDataRate.max, Math.ceil(left / 60_000)), Math.ceil(left / 1000));
          },
        },
      },
      schema: { response: { 200: binaryResponse('application/zip'), ...errorResponses } },
    },
    async (request, reply) => {
      const { zip, name } = await myDataZip(app.deps, studentActor(request));
      return sendDownload(reply, { body: zip, type: 'application/zip', name });
    },
  );
}
