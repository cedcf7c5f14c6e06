import { fileNames, auditPageSchema, auditQuery, binaryResponse, errorResponses } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { madeWhole, sendDownload } from '../../lib/http/download.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { CSV_TYPE } from '../../lib/xlsx/index.ts';
import { adminActor } from '../../session/access.ts';
import { bulkExportGuard } from '../export-guard/index.ts';
import { auditCsv, auditPage } from './service.ts';

/** The audit log read by admins (DESIGN §4, decision 050): the screen's pages and the CSV of the same filters. */
export async function auditRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit',
    { config: { access: 'staff' }, schema: { querystring: auditQuery, response: { 200: auditPageSchema, ...errorResponses } } },
    async (request) => auditPage(app.deps, request.query),
  );

  app.get(
    '/api/audit/csv',
    {
      config: { access: 'staff' },
      preHandler: bulkExportGuard(app.deps),
      schema: { querystring: auditQuery, response: { 200: binaryResponse(CSV_TYPE), ...errorResponses } },
    },
    async (request, reply) => {
      // Made whole before its first byte: the log is read page by page as the lines are written.
      const csv = await madeWhole(await auditCsv(app.deps, adminActor(request), request.query));
      const day = zonedTimestamp(new Date(), app.deps.config.schoolTimeZone).slice(0, 10);
      return sendDownload(reply, { body: csv, type: CSV_TYPE, name: fileNames.auditLog(day) });
    },
  );
}
