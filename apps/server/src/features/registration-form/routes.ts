import { fileNames, binaryResponse, errorResponses, studentIdParam } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/http/download.ts';
import { signedInActor, studentOfParams } from '../../session/access.ts';
import { registrationFormPdf } from './service.ts';
import { recordReadGuard } from '../export-guard/index.ts';

/** GET /api/registration-form/{student id}: the printable form, for the student herself or an admin. */
export async function registrationFormRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/registration-form/:id',
    {
      config: { access: 'self or records:read', studentIdFrom: studentOfParams },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: binaryResponse('application/pdf'), ...errorResponses } },
      preHandler: recordReadGuard(app.deps, studentOfParams),
    },
    async (request, reply) => {
      const pdf = await registrationFormPdf(app.deps, signedInActor(request), request.params.id);
      return sendDownload(reply, { body: pdf, type: 'application/pdf', name: fileNames.registrationForm(request.params.id), disposition: 'inline' });
    },
  );
}
