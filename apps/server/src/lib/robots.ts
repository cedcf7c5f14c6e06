import { binaryResponse, errorResponses } from '@school/contract';
import type { FastifyInstance } from 'fastify';

/** A school's private portal: no search engine is to list any page of it. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** `GET /robots.txt`: a real robots file, never the web app's page (which every other unknown path gets). */
export async function robotsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/robots.txt',
    {
      config: { access: 'visitor' },
      schema: { summary: 'Keeps search engines out', tags: ['search engines'], response: { 200: binaryResponse('text/plain'), ...errorResponses } },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
}
