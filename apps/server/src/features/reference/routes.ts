import type { FastifyInstance } from 'fastify';
import { referenceRepository } from './repository.ts';

/** Public reference lists (SPEC §7); they change only with a migration, so browsers may keep them an hour. */
const lists: Array<[string, keyof typeof referenceRepository]> = [
  ['/api/towns', 'towns'],
  ['/api/religions', 'religions'],
  ['/api/ethnic-groups', 'ethnicGroups'],
  ['/api/regional-corporation', 'regionalCorporations'],
  ['/api/houses', 'houses'],
  ['/api/registration-form-classes-list', 'formClasses'],
  ['/api/primary-schools', 'primarySchools'],
];

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  for (const [url, list] of lists) {
    app.get(url, { config: { access: 'visitor' } }, async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return referenceRepository[list](app.deps.db);
    });
  }
}
