import {
  binaryResponse,
  classIdField,
  errorResponses,
  fileNames,
  guardianChildrenSchema,
  guardianLinkSchema,
  guardianLinksSchema,
  guardianSearchQuery,
  letterLinkAnswerSchema,
  letterLinkRequest,
  linkChangeRequest,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/http/download.ts';
import { adminActor, guardianActor } from '../../session/access.ts';
import { bulkExportGuard } from '../export-guard/index.ts';
import { addDaughter, changeLink, guardianChildren, guardianLinks, printLetters } from './service.ts';

/** A link's public ID in a path. */
const linkParams = z.object({ id: z.string().trim().min(1).max(40) });

/**
 * The family's side of the portal (decisions 062 and 063): a guardian's daughters, adding one with a
 * letter's code, the class's code letters, and custody on the Guardians screen. A guardian's reads of
 * a daughter's reports and attendance are the student's own calls (`family or …`).
 */
export async function familyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/guardian/children',
    { config: { access: 'guardian' }, schema: { response: { 200: guardianChildrenSchema, ...errorResponses } } },
    async (request) => guardianChildren(deps, guardianActor(request)),
  );

  app.post(
    '/api/guardian-links',
    { config: { access: 'guardian' }, schema: { body: letterLinkRequest, response: { 200: letterLinkAnswerSchema, ...errorResponses } } },
    async (request) => addDaughter(deps, guardianActor(request), request.body),
  );

  app.get(
    '/api/guardian-letters/:class_id',
    {
      config: { access: 'exports' },
      preHandler: bulkExportGuard(deps),
      schema: { params: z.object({ class_id: classIdField }), response: { 200: binaryResponse('application/pdf'), ...errorResponses } },
    },
    async (request, reply) => {
      const pdf = await printLetters(deps, adminActor(request), request.params.class_id);
      return sendDownload(reply, { body: pdf, type: 'application/pdf', name: fileNames.guardianLetters(request.params.class_id), disposition: 'inline' });
    },
  );

  app.get(
    '/api/guardians',
    {
      config: { access: 'records:read', studentIdFrom: (request: FastifyRequest) => (request.query as { student_id?: string } | undefined)?.student_id },
      schema: { querystring: guardianSearchQuery, response: { 200: guardianLinksSchema, ...errorResponses } },
    },
    async (request) => guardianLinks(deps, adminActor(request), request.query),
  );

  app.patch(
    '/api/guardian-links/:id',
    {
      config: { access: 'records:write' },
      schema: { params: linkParams, body: linkChangeRequest, response: { 200: guardianLinkSchema, ...errorResponses } },
    },
    async (request) => changeLink(deps, adminActor(request), request.params.id, request.body),
  );
}
