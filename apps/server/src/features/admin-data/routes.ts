import {
  binaryResponse,
  errorResponses,
  parentsContactSchema,
  studentImportAnswerSchema,
  studentImportHistorySchema,
  studentImportProgressSchema,
  studentImportRequest,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor } from '../../session/access.ts';
import { receiveUpload, uploadedFile } from '../../lib/uploads/index.ts';
import { XLSX_TYPE } from '../../lib/xlsx/index.ts';
import { z } from 'zod';
import { REGISTRATION_DATA_FILE, registrationSpreadsheet } from './export-service.ts';
import { importStudents, studentImportHistory, studentImportProgress } from './import-service.ts';
import { studentImportTemplate } from './import-template.ts';
import { parentsContact, parentsContactFile, parentsContactPdf, parentsContactWorkbook } from './parents-contact.ts';
import { registrationReport } from './registration-report.ts';

/** A class ID or `all`. */
const classParams = z.object({ classId: z.string().min(1).max(10) });

/** The import's form: the contract's fields, and the file. */
const studentImportBody = studentImportRequest.extend({ file: uploadedFile() });

/** `Content-Disposition` for a download: a plain ASCII name and its UTF-8 form (RFC 6266). */
export const attachment = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The admin's data out and in: the registration spreadsheet, the reports, Parents Contact, Import Students. */
export async function adminDataRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/registration-data-spreadsheet',
    { config: { access: 'admin' }, schema: { response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } } },
    async (request, reply) => {
      const workbook = await registrationSpreadsheet(app.deps, adminActor(request));
      return reply.type(XLSX_TYPE).header('content-disposition', attachment(REGISTRATION_DATA_FILE)).send(workbook);
    },
  );

  app.get(
    '/api/registration-report/all',
    { config: { access: 'admin' }, schema: { response: { 200: binaryResponse('application/pdf'), ...errorResponses } } },
    async (request, reply) => {
      const pdf = await registrationReport(app.deps, adminActor(request));
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="registration-report.pdf"').send(pdf);
    },
  );

  app.get(
    '/api/parents-contact/:classId',
    { config: { access: 'admin' }, schema: { params: classParams, response: { 200: parentsContactSchema, ...errorResponses } } },
    async (request) => parentsContact(app.deps, adminActor(request), request.params.classId),
  );

  app.get(
    '/api/parents-contact/:classId/pdf',
    { config: { access: 'admin' }, schema: { params: classParams, response: { 200: binaryResponse('application/pdf'), ...errorResponses } } },
    async (request, reply) => {
      const pdf = await parentsContactPdf(app.deps, adminActor(request), request.params.classId);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(parentsContactFile(request.params.classId, 'pdf')).replace(/^attachment/, 'inline'))
        .send(pdf);
    },
  );

  app.get(
    '/api/parents-contact/:classId/xlsx',
    { config: { access: 'admin' }, schema: { params: classParams, response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } } },
    async (request, reply) => {
      const workbook = await parentsContactWorkbook(app.deps, adminActor(request), request.params.classId);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(parentsContactFile(request.params.classId, 'xlsx')))
        .send(workbook);
    },
  );

  app.get(
    '/api/student-import/template',
    { config: { access: 'admin' }, schema: { response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } } },
    async (request, reply) => reply.type(XLSX_TYPE).header('content-disposition', attachment('Student Import Template.xlsx')).send(studentImportTemplate()),
  );

  app.post(
    '/api/student-import',
    {
      config: { access: 'admin' },
      preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }),
      schema: { consumes: ['multipart/form-data'], body: studentImportBody, response: { 200: studentImportAnswerSchema, ...errorResponses } },
    },
    async (request) =>
      importStudents(app.deps, adminActor(request), {
        file: request.body.file,
        mode: request.body.mode,
        dryRun: request.body.dry_run,
        mapping: request.body.mapping,
        // Students' calls go before each slice of the import's work.
        betweenSlices: () => app.quietMoment(),
      }),
  );

  app.get(
    '/api/student-import/progress',
    { config: { access: 'admin' }, schema: { response: { 200: studentImportProgressSchema, ...errorResponses } } },
    async (request) => studentImportProgress(app.deps, adminActor(request)),
  );

  app.get('/api/student-imports', { config: { access: 'admin' }, schema: { response: { 200: studentImportHistorySchema, ...errorResponses } } }, async () =>
    studentImportHistory(app.deps),
  );
}
