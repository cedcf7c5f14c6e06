import { errorResponses, newStaffRequest, staffChangeRequest, staffListSchema, staffUsername, staffWithPasswordSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../session/access.ts';
import { addStaff, changeStaff, listStaff } from './service.ts';

/** Staff accounts (issue 36, decision 048): admins only. */
export async function staffRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/api/staff', { config: { access: 'staff' }, schema: { response: { 200: staffListSchema, ...errorResponses } } }, async () => listStaff(deps));

  app.post(
    '/api/staff',
    { config: { access: 'staff' }, schema: { body: newStaffRequest, response: { 200: staffWithPasswordSchema, ...errorResponses } } },
    async (request) => addStaff(deps, adminActor(request), request.body),
  );

  app.patch(
    '/api/staff/:username',
    {
      config: { access: 'staff' },
      schema: { params: z.object({ username: staffUsername }), body: staffChangeRequest, response: { 200: staffWithPasswordSchema, ...errorResponses } },
    },
    async (request) => changeStaff(deps, adminActor(request), request.params.username, request.body),
  );
}
