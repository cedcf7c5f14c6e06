import {
  fileNames,
  binaryResponse,
  errorResponses,
  postedTermSchema,
  postedTermsSchema,
  postTermReportsRequest,
  reportCardsUploadAnswerSchema,
  reportCardTermsSchema,
  termFileRequest,
  termResultsImportAnswerSchema,
  termSchema,
  termYearSchema,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/http/download.ts';
import { adminActor, familyActor, studentOfParams } from '../../session/access.ts';
import { sandboxUploadedFile } from '../../lib/security-headers.ts';
import { receiveUpload, uploadedFile } from '../../lib/uploads/index.ts';
import { oneImportAtATime, XLSX_TYPE } from '../../lib/xlsx/index.ts';
import { importTermResults, termResultsTemplate } from './import-term-results.ts';
import { reportCardZipLimits, uploadReportCards } from './report-card-upload.ts';
import { listPostedTerms, listReportCardTerms, postTermReports, reportCard } from './service.ts';

/** The results workbook or the ZIP of cards, with the term it is for (`termFileRequest`). */
const termFileBody = termFileRequest.extend({ file: uploadedFile() });

/** Term reports (SPEC §2, §7): the student's list and report cards, posting, the results import and uploaded cards. */
export async function termReportsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/report-card-terms/:id',
    {
      config: { access: 'family or class:read', studentIdFrom: studentOfParams },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: reportCardTermsSchema, ...errorResponses } },
    },
    async (request) => listReportCardTerms(deps, familyActor(request), request.params.id),
  );

  app.get(
    '/api/report-card/:student_id/:year/:term',
    {
      config: { access: 'family or class:read', studentIdFrom: (request) => (request.params as { student_id?: string }).student_id },
      schema: {
        params: z.object({ student_id: studentIdParam, year: termYearSchema, term: termSchema }),
        response: { 200: binaryResponse('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { student_id, year, term } = request.params;
      const card = await reportCard(deps, familyActor(request), { studentId: student_id, year, term });
      if (card.uploaded) sandboxUploadedFile(reply);
      return sendDownload(reply, {
        body: card.pdf,
        type: 'application/pdf',
        name: fileNames.reportCard(student_id, year, term),
        disposition: 'inline',
      });
    },
  );

  app.get('/api/term-reports-posted', { config: { access: 'class:read' }, schema: { response: { 200: postedTermsSchema, ...errorResponses } } }, async () =>
    listPostedTerms(deps),
  );

  app.post(
    '/api/post-term-reports',
    {
      config: { access: 'records:write' },
      schema: {
        body: postTermReportsRequest,
        response: { 200: postedTermSchema, ...errorResponses },
      },
    },
    async (request) => postTermReports(deps, adminActor(request), request.body),
  );

  app.get(
    '/api/term-results/template',
    { config: { access: 'records:write' }, schema: { response: { 200: binaryResponse(XLSX_TYPE), ...errorResponses } } },
    async (request, reply) => sendDownload(reply, { body: termResultsTemplate(), type: XLSX_TYPE, name: fileNames.termResultsTemplate }),
  );

  app.post(
    '/api/term-results/import',
    {
      config: { access: 'records:write' },
      preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }),
      schema: {
        consumes: ['multipart/form-data'],
        body: termFileBody,
        response: { 200: termResultsImportAnswerSchema, ...errorResponses },
      },
    },
    async (request) => oneImportAtATime(deps, 'term-results', 'term results import', () => importTermResults(deps, adminActor(request), request.body)),
  );

  app.post(
    '/api/report-cards/upload',
    {
      config: { access: 'records:write' },
      preValidation: receiveUpload({ accept: ['zip'], maxBytes: reportCardZipLimits.maxZipBytes }),
      schema: {
        consumes: ['multipart/form-data'],
        body: termFileBody,
        response: { 200: reportCardsUploadAnswerSchema, ...errorResponses },
      },
    },
    async (request) =>
      oneImportAtATime(deps, 'report-cards', 'report card upload', () =>
        // Students' calls go before each card's bytes are stored.
        uploadReportCards(deps, adminActor(request), { ...request.body, betweenFiles: () => app.quietMoment() }),
      ),
  );
}
