import {
  binaryResponse,
  errorResponses,
  parentsContactSchema,
  studentImportAnswerSchema,
  studentImportColumns,
  studentImportHistorySchema,
  studentImportProgressSchema,
  studentImportModes,
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

const importFields = studentImportColumns.map((column) => column.field) as [string, ...string[]];

/** The import's form fields: the file, the mode, whether it is a check, and the admin's column mapping (JSON, field → header). */
const studentImportBody = z.object({
  file: uploadedFile(),
  mode: z.enum(studentImportModes, { message: 'Choose "insert" or "upsert".' }).default('insert'),
  dry_run: z.enum(['0', '1', 'true', 'false'], { message: 'dry_run is 0 or 1.' }).default('1'),
  mapping: z
    .string()
    .max(4000)
    .default('{}')
    .transform((text, context) => {
      try {
        const parsed: unknown = JSON.parse(text);
        const result = z.partialRecord(z.enum(importFields), z.string().max(200)).safeParse(parsed);
        if (result.success) return result.data;
      } catch {
        // reported below
      }
      context.addIssue({ code: 'custom', message: 'The column mapping must be an object of field names to headers.' });
      return z.NEVER;
    }),
});

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
        dryRun: request.body.dry_run === '1' || request.body.dry_run === 'true',
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
