import { errorResponses, studentListSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../session/access.ts';
import { listStudents } from './service.ts';

/** The admin's student list (SPEC §2 Admin area: ID, Name, Class, Date of Birth, Birth Certificate Pin). */
export async function studentsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/students', { config: { access: 'admin' }, schema: { response: { 200: studentListSchema, ...errorResponses } } }, async (request) =>
    listStudents(app.deps, adminActor(request)),
  );
}
