import {
  fileNames,
  binaryResponse,
  errorResponses,
  parentsContactSchema,
  studentImportAnswerSchema,
  studentImportHistorySchema,
  studentImportProgressSchema,
  studentImportRequest,
  classIdField,
  leaversQuery,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { madeWhole, sendDownload } from '../../lib/http/download.ts';
import { adminActor } from '../../session/access.ts';
import { bulkExportGuard } from '../export-guard/index.ts';
import { receiveUpload, uploadedFile } from '../../lib/uploads/index.ts';
import { oneImportAtATime, XLSX_TYPE } from '../../lib/xlsx/index.ts';
import { z } from 'zod';
import { registrationSpreadsheet } from './export-service.ts';
import { importStudents, studentImportHistory, studentImportProgress, sweepInterruptedImports } from './import-service.ts';
import { studentImportTemplate } from './import-template.ts';
import { parentsContact, parentsContactPdf, parentsContactWorkbook } from './parents-contact.ts';
import { withLeavers } from './leavers.ts';
import { registrationReport } from './registration-report.ts';

/** A class ID or `all`. */
const classParams = z.object({ classId: classIdField });

/** A class's Parents Contact: any class for staff who read every class, only hers for a teacher ('all' is none of hers). */
const classAccess = { access: 'class:read', classIdFrom: (request: FastifyRequest) => (request.params as { classId?: string }).classId } as const;

/** Parents Contact for all classes is a bulk export (decision 049); one class's is not. */
const allClasses = (request: FastifyRequest) => (request.params as { classId?: string }).classId === 'all';

/** A Parents Contact's class and whether it lists the students who have left (decision 069). */
const contactList = (request: FastifyRequest) => ({
  classId: (request.params as z.infer<typeof classParams>).classId,
  withLeavers: withLeavers(request.query as z.infer<typeof leaversQuery>),
});

/** The import's form: the contract's fields, and the file. */
const studentImportBody = studentImportRequest.extend({ file: uploadedFile() });

/** The admin's data out and in: the registration spreadsheet, the reports, Parents Contact, Import Students. */
export async function adminDataRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  sweepInterruptedImports(app);
  const bulkExport = bulkExportGuard(app.deps);
  const bulkExportOfAll = bulkExportGuard(app.deps, allClasses);

  app.get(
    '/api/registration-data-spreadsheet',
    {
      config: { access: 'exports' },
      preHandler: bulkExport,
      schema: { querystring: leaversQuery, response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } },
    },
    async (request, reply) => {
      // Made whole before its first byte: its rows are read from the database page by page as it is written.
      const workbook = await madeWhole(await registrationSpreadsheet(app.deps, adminActor(request), { withLeavers: withLeavers(request.query) }));
      return sendDownload(reply, { body: workbook, type: XLSX_TYPE, name: fileNames.registrationData });
    },
  );

  app.get(
    '/api/registration-report/all',
    {
      config: { access: 'exports' },
      preHandler: bulkExport,
      schema: { querystring: leaversQuery, response: { 200: binaryResponse('application/pdf'), ...errorResponses } },
    },
    async (request, reply) => {
      const pdf = await registrationReport(app.deps, adminActor(request), { withLeavers: withLeavers(request.query) });
      return sendDownload(reply, { body: pdf, type: 'application/pdf', name: fileNames.registrationReport, disposition: 'inline' });
    },
  );

  app.get(
    '/api/parents-contact/:classId',
    {
      config: classAccess,
      preHandler: bulkExportOfAll,
      schema: { params: classParams, querystring: leaversQuery, response: { 200: parentsContactSchema, ...errorResponses } },
    },
    async (request) => parentsContact(app.deps, adminActor(request), contactList(request)),
  );

  app.get(
    '/api/parents-contact/:classId/pdf',
    {
      config: classAccess,
      preHandler: bulkExportOfAll,
      schema: { params: classParams, querystring: leaversQuery, response: { 200: binaryResponse('application/pdf'), ...errorResponses } },
    },
    async (request, reply) => {
      const pdf = await parentsContactPdf(app.deps, adminActor(request), contactList(request));
      return sendDownload(reply, { body: pdf, type: 'application/pdf', name: fileNames.parentsContact(request.params.classId, 'pdf'), disposition: 'inline' });
    },
  );

  app.get(
    '/api/parents-contact/:classId/xlsx',
    {
      config: classAccess,
      preHandler: bulkExportOfAll,
      schema: { params: classParams, querystring: leaversQuery, response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } },
    },
    async (request, reply) => {
      const workbook = await madeWhole(await parentsContactWorkbook(app.deps, adminActor(request), contactList(request)));
      return sendDownload(reply, { body: workbook, type: XLSX_TYPE, name: fileNames.parentsContact(request.params.classId, 'xlsx') });
    },
  );

  app.get(
    '/api/student-import/template',
    { config: { access: 'records:write' }, schema: { response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } } },
    async (request, reply) => sendDownload(reply, { body: studentImportTemplate(), type: XLSX_TYPE, name: fileNames.studentImportTemplate }),
  );

  app.post(
    '/api/student-import',
    {
      config: { access: 'records:write' },
      preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }),
      schema: { consumes: ['multipart/form-data'], body: studentImportBody, response: { 200: studentImportAnswerSchema, ...errorResponses } },
    },
    async (request) =>
      oneImportAtATime(app.deps, 'students', 'student import', () =>
        importStudents(app.deps, adminActor(request), {
          file: request.body.file,
          mode: request.body.mode,
          dryRun: request.body.dry_run,
          mapping: request.body.mapping,
          // Students' calls go before each slice of the import's work.
          betweenSlices: () => app.quietMoment(),
        }),
      ),
  );

  app.get(
    '/api/student-import/progress',
    { config: { access: 'records:write' }, schema: { response: { 200: studentImportProgressSchema, ...errorResponses } } },
    async (request) => studentImportProgress(app.deps, adminActor(request)),
  );

  app.get(
    '/api/student-imports',
    { config: { access: 'records:write' }, schema: { response: { 200: studentImportHistorySchema, ...errorResponses } } },
    async () => studentImportHistory(app.deps),
  );
}
