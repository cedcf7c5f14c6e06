import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  binaryResponse,
  deleteFileQuery,
  documentTypeField,
  errorResponses,
  messageSchema,
  storeFileRequest,
  studentDataFileRequest,
  studentDataFileSchema,
  uploadedFilesSchema,
  studentIdParam,
} from '@school/contract';
import { z } from 'zod';
import { sendDownload } from '../../lib/http/download.ts';
import { signedInActor, studentOfParams } from '../../session/access.ts';
import { sandboxUploadedFile } from '../../lib/security-headers.ts';
import { receiveUpload, uploadedFile } from '../../lib/uploads/index.ts';
import { deleteDocument, listDocuments, readDataFile, openDocument, saveDataFile, storeDocument } from './service.ts';
import { recordReadGuard } from '../export-guard/index.ts';

/** Document uploads (SPEC §7): store, list, delete, download; and the student data files record. */
export async function filesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // The student id is in the multipart body, so the service checks that a student names herself.
  app.post(
    '/api/store-file',
    {
      config: { access: 'self or records:write' },
      preValidation: receiveUpload(),
      schema: {
        consumes: ['multipart/form-data'],
        body: storeFileRequest.extend({ file: uploadedFile() }),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => storeDocument(deps, signedInActor(request), request.body),
  );

  app.get(
    '/api/get-files/:id',
    {
      config: { access: 'self or records:read', studentIdFrom: studentOfParams },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: uploadedFilesSchema, ...errorResponses } },
      preHandler: recordReadGuard(deps, studentOfParams),
    },
    async (request) => listDocuments(deps, signedInActor(request), request.params.id),
  );

  app.delete(
    '/api/file',
    {
      config: { access: 'self or records:write', studentIdFrom: (request) => (request.query as { id?: string }).id },
      schema: {
        querystring: deleteFileQuery,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => deleteDocument(deps, signedInActor(request), { studentId: request.query.id, fileType: request.query.fileType }),
  );

  app.get(
    '/api/files/:studentId/:fileType',
    {
      config: { access: 'self or records:read', studentIdFrom: (request) => (request.params as { studentId?: string }).studentId },
      schema: {
        params: z.object({ studentId: studentIdParam, fileType: documentTypeField }),
        response: { 200: binaryResponse('application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'), ...errorResponses },
      },
      preHandler: recordReadGuard(deps, (request) => (request.params as { studentId?: string }).studentId),
    },
    async (request, reply) => {
      const { file, stream, size, known } = await openDocument(deps, signedInActor(request), request.params);
      return sendDownload(sandboxUploadedFile(reply), {
        body: stream,
        size,
        type: known ? file.mime_type : 'application/octet-stream',
        name: file.original_name,
        disposition: known ? 'inline' : 'attachment',
      });
    },
  );

  app.get(
    '/api/student-data-files/:student_id',
    {
      config: { access: 'self or records:read', studentIdFrom: (request) => (request.params as { student_id?: string }).student_id },
      schema: { params: z.object({ student_id: studentIdParam }), response: { 200: studentDataFileSchema, ...errorResponses } },
      preHandler: recordReadGuard(deps, (request) => (request.params as { student_id?: string }).student_id),
    },
    async (request) => readDataFile(deps, signedInActor(request), request.params.student_id),
  );

  app.post(
    '/api/student-data-files',
    {
      config: { access: 'self or records:write', studentIdFrom: (request) => (request.body as { student_id?: string } | undefined)?.student_id },
      schema: {
        body: studentDataFileRequest,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => saveDataFile(deps, signedInActor(request), request.body),
  );
}
