import { errorResponses, retentionEraseRequest, retentionEraseResultSchema, retentionSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor } from '../../session/access.ts';
import { notDryRun, staffChangeGuard } from '../../session/step-up.ts';
import { eraseDueData, loadRetention, removeErasedFilesLeft } from './service.ts';

/** Keeping leavers' health data and documents no longer than RETENTION_YEARS (decision 046). */
export async function retentionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // An erasure ended between its commit and the removal of its documents' bytes (a crash, kill -9)
  // is finished at once at the next start, not left to the orphan sweep's settling time.
  app.addHook('onReady', async () => {
    try {
      const left = await removeErasedFilesLeft(deps);
      if (left > 0) app.log.warn(`Removed ${left} erased document file(s) that an interrupted retention erasure had left in the file store.`);
    } catch (error) {
      app.log.warn(`The erased documents' files could not be checked at start-up (${(error as Error).message}); the next erasure removes them.`);
    }
  });

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
