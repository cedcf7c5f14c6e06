import { errorResponses, healthSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEALTH_PATH, stopPhaseOf } from './http/closing-answers.ts';

/**
 * `GET /api/health`, a load balancer's check of this server (decision 072): 200 `ready` while it
 * takes work, 503 `draining` from the moment it is told to stop. It answers from what the process
 * knows, with no database round trip: the database is shared by every server, so its faults say
 * nothing about this one. Anyone may ask; nothing is audited, limited or logged per request, since
 * a balancer asks every second or so. With WORKERS=N each process answers for itself.
 */
export async function healthRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    HEALTH_PATH,
    {
      config: { access: 'visitor' },
      logLevel: 'warn',
      schema: {
        summary: 'Whether this server takes work (a load balancer’s check)',
        tags: ['load balancer'],
        response: { 200: healthSchema, 503: healthSchema, ...errorResponses },
      },
    },
    async (_request, reply) => (stopPhaseOf(app) ? reply.code(503).send({ status: 'draining' }) : { status: 'ready' as const }),
  );
}
