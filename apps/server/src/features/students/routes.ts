import { errorResponses, healthAlertsSchema, studentListSchema, classIdField } from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor } from '../../session/access.ts';
import { healthAlerts, listStudents } from './service.ts';

/** The staff's student list (SPEC §2 Admin area: ID, Name, Class, Date of Birth, Birth Certificate Pin) and a class's health alerts. */
export async function studentsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/students', { config: { access: 'class:read' }, schema: { response: { 200: studentListSchema, ...errorResponses } } }, async (request) =>
    listStudents(app.deps, adminActor(request)),
  );

  app.get(
    '/api/health-alerts/:class_id',
    {
      config: { access: 'class:read', classIdFrom: (request: FastifyRequest) => (request.params as { class_id?: string }).class_id },
      schema: { params: z.object({ class_id: classIdField }), response: { 200: healthAlertsSchema, ...errorResponses } },
    },
    async (request) => healthAlerts(app.deps, adminActor(request), request.params.class_id),
  );
}
