import { errorResponses, retentionEraseRequest, retentionEraseResultSchema, retentionSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor } from '../../session/access.ts';
import { notDryRun, staffChangeGuard } from '../../session/step-up.ts';
import { eraseDueData, loadRetention } from './service.ts';

/** Keeping leavers' health data and documents no longer than RETENTION_YEARS (decision 046). */
export async function retentionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/api/retention', { config: { access: 'settings' }, schema: { response: { 200: retentionSchema, ...errorResponses } } }, async () =>
    loadRetention(deps),
  );

  app.post(
    '/api/retention/erase',
    {
      config: { access: 'settings' },
      schema: { body: retentionEraseRequest, response: { 200: retentionEraseResultSchema, ...errorResponses } },
      preHandler: staffChangeGuard(deps, notDryRun),
    },
    async (request) => eraseDueData(deps, adminActor(request), request.body),
  );
}
