import {
  absenceNoteAnswerRequest,
  absenceNoteDoneSchema,
  absenceNoteIdParams,
  absenceNoteRequest,
  absenceNotesPageSchema,
  absenceNotesQuery,
  binaryResponse,
  errorResponses,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/http/download.ts';
import { sandboxUploadedFile } from '../../lib/security-headers.ts';
import { receiveUploadOnce, uploadedFile } from '../../lib/uploads/index.ts';
import { adminActor, familyActor } from '../../session/access.ts';
import { answerNote, listNotes, openNoteFile, sendNote } from './service.ts';

const fromQuery = (name: 'student_id' | 'class_id') => (request: FastifyRequest) => (request.query as Record<string, unknown> | undefined)?.[name];

/**
 * Absence notes (issue 51, decision 065): a family sends one (JSON, or a form with a PDF or photo),
 * office and admin staff answer it, teachers read their classes' notes, and the family reads each
 * note's state.
 */
export async function absenceNotesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // The girl is named in the body, which the access check reads: a form is received first.
  const upload = receiveUploadOnce();

  app.post(
    '/api/absence-notes',
    {
      config: { access: 'family or records:write', studentIdFrom: upload.field('student_id') },
      preValidation: upload.preValidation,
      schema: {
        consumes: ['application/json', 'multipart/form-data'],
        body: absenceNoteRequest.extend({ file: uploadedFile().optional() }),
        response: { 200: absenceNoteDoneSchema, ...errorResponses },
      },
    },
    async (request) => sendNote(deps, familyActor(request), request.body),
  );

  app.get(
    '/api/absence-notes',
    {
      config: { access: 'family or class:read', studentIdFrom: fromQuery('student_id'), classIdFrom: fromQuery('class_id') },
      schema: { querystring: absenceNotesQuery, response: { 200: absenceNotesPageSchema, ...errorResponses } },
    },
    async (request) => listNotes(deps, familyActor(request), request.query),
  );

  app.patch(
    '/api/absence-notes/:id',
    {
      config: { access: 'records:write' },
      schema: { params: absenceNoteIdParams, body: absenceNoteAnswerRequest, response: { 200: absenceNoteDoneSchema, ...errorResponses } },
    },
    async (request) => answerNote(deps, adminActor(request), request.params.id, request.body),
  );

  app.get(
    '/api/absence-notes/:id/file',
    {
      config: { access: 'class:read' },
      schema: { params: absenceNoteIdParams, response: { 200: binaryResponse('application/pdf', 'image/jpeg', 'image/png'), ...errorResponses } },
    },
    async (request, reply) => {
      const file = await openNoteFile(deps, adminActor(request), request.params.id);
      return sendDownload(sandboxUploadedFile(reply), { body: file.stream, size: file.size, type: file.mime, name: file.name, disposition: 'inline' });
    },
  );
}
