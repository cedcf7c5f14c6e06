import {
  errorResponses,
  newStaffRequest,
  ownEmailRequest,
  ownEmailSchema,
  staffChangeRequest,
  staffListSchema,
  staffUsername,
  staffWithPasswordSchema,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../session/access.ts';
import { staffChangeGuard } from '../../session/step-up.ts';
import { addStaff, changeStaff, listStaff, ownEmail, setOwnEmail } from './service.ts';

/** Refuses a student before her body is read: her own address is a staff member's call (`signed-in` lets both in). */
const staffOnly = async (request: FastifyRequest) => {
  adminActor(request);
};

/** Staff accounts (issue 36, decision 048): admins only; and each staff member's own e-mail address (decision 047). */
export async function staffRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/api/staff', { config: { access: 'staff' }, schema: { response: { 200: staffListSchema, ...errorResponses } } }, async () => listStaff(deps));

  app.post(
    '/api/staff',
    {
      config: { access: 'staff' },
      schema: { body: newStaffRequest, response: { 200: staffWithPasswordSchema, ...errorResponses } },
      preHandler: staffChangeGuard(deps),
    },
    async (request) => addStaff(deps, adminActor(request), request.body),
  );

  app.patch(
    '/api/staff/:username',
    {
      config: { access: 'staff' },
      schema: { params: z.object({ username: staffUsername }), body: staffChangeRequest, response: { 200: staffWithPasswordSchema, ...errorResponses } },
      preHandler: staffChangeGuard(deps),
    },
    async (request) => changeStaff(deps, adminActor(request), request.params.username, request.body),
  );

  app.get(
    '/api/account/email',
    { config: { access: 'signed-in' }, preValidation: staffOnly, schema: { response: { 200: ownEmailSchema, ...errorResponses } } },
    async (request) => ownEmail(deps, adminActor(request)),
  );

  app.put(
    '/api/account/email',
    {
      config: { access: 'signed-in' },
      preValidation: staffOnly,
      schema: { body: ownEmailRequest, response: { 200: ownEmailSchema, ...errorResponses } },
    },
    async (request) => setOwnEmail(deps, adminActor(request), request.body),
  );
}
