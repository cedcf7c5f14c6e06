import { binaryResponse, errorResponses, oneRosterQuery, type OneRosterQuery } from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/http/download.ts';
import { adminActor } from '../../session/access.ts';
import { bulkExportGuard } from '../export-guard/index.ts';
import { oneRosterExport, rosterSince } from './service.ts';

/** A bad `since` is refused before a second factor is asked for or an export counted. */
const sinceReadable = async (request: FastifyRequest) => void rosterSince(request.query as OneRosterQuery);

/**
 * The school's roster for its other systems (issue 52, decision 075): OneRoster 1.2 CSV files in
 * a ZIP, for admins only (it names every staff account), a bulk export under the guard (decision 049).
 */
export async function oneRosterRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/oneroster.zip',
    {
      config: { access: 'staff' },
      preHandler: [sinceReadable, bulkExportGuard(app.deps)],
      schema: { querystring: oneRosterQuery, response: { 200: binaryResponse('application/zip'), ...errorResponses } },
    },
    async (request, reply) => {
      const roster = await oneRosterExport(app.deps, adminActor(request), {
        withLeavers: request.query.leavers === 'include',
        since: rosterSince(request.query),
      });
      reply.header('last-modified', roster.lastModified.toUTCString());
      return sendDownload(reply, { body: roster.zip, type: 'application/zip', name: roster.name });
    },
  );
}
