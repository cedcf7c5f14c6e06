import { errorResponses, exportAlertsSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportAlerts } from './service.ts';

/** The admins' view of the export allowance (decision 049). */
export async function exportGuardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/export-alerts', { config: { access: 'staff' }, schema: { response: { 200: exportAlertsSchema, ...errorResponses } } }, async () =>
    exportAlerts(app.deps),
  );
}
