import {
  contactChangeAnswerRequest,
  contactChangeConflictSchema,
  contactChangeIdParams,
  contactChangeRequest,
  contactChangeSchema,
  contactChangeSentSchema,
  contactChangesQuery,
  contactChangesSchema,
  errorResponses,
  familyContactChangesSchema,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor, guardianActor } from '../../session/access.ts';
import { answerContactChange, familyContactChanges, listContactChanges, proposeContactChange } from './service.ts';

/**
 * Contact changes (issue 51, decision 066): a guardian proposes new values for her own details in
 * a daughter's record and reads how each was answered; the office lists them and answers each field.
 */
export async function contactChangesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // Her own call: the service checks her link to the girl named, and answers any other girl 404 (decision 063).
  app.post(
    '/api/contact-changes',
    {
      config: { access: 'guardian', studentIdFrom: (request) => (request.body as { student_id?: string } | undefined)?.student_id },
      schema: { body: contactChangeRequest, response: { 200: contactChangeSentSchema, ...errorResponses } },
    },
    async (request) => proposeContactChange(deps, guardianActor(request), request.body),
  );

  app.get(
    '/api/guardian/contact-changes',
    { config: { access: 'guardian' }, schema: { response: { 200: familyContactChangesSchema, ...errorResponses } } },
    async (request) => familyContactChanges(deps, guardianActor(request)),
  );

  app.get(
    '/api/contact-changes',
    { config: { access: 'records:read' }, schema: { querystring: contactChangesQuery, response: { 200: contactChangesSchema, ...errorResponses } } },
    async (request) => listContactChanges(deps, adminActor(request), request.query),
  );

  app.patch(
    '/api/contact-changes/:id',
    {
      config: { access: 'records:write' },
      schema: {
        params: contactChangeIdParams,
        body: contactChangeAnswerRequest,
        response: { 200: contactChangeSchema, 409: contactChangeConflictSchema, ...errorResponses },
      },
    },
    async (request) => answerContactChange(deps, adminActor(request), request.params.id, request.body),
  );
}
