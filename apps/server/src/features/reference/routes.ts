import {
  errorResponses,
  ethnicGroupSchema,
  formClassSchema,
  houseSchema,
  primarySchoolSchema,
  regionalCorporationSchema,
  religionSchema,
  townSchema,
  wizardListsSchema,
  type WizardLists,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { referenceRepository } from './repository.ts';

/** Public reference lists (SPEC §7); they change only with a migration, so browsers may keep them an hour. */
const lists: Array<[string, keyof typeof referenceRepository, z.ZodType]> = [
  ['/api/towns', 'towns', townSchema],
  ['/api/religions', 'religions', religionSchema],
  ['/api/ethnic-groups', 'ethnicGroups', ethnicGroupSchema],
  ['/api/regional-corporation', 'regionalCorporations', regionalCorporationSchema],
  ['/api/houses', 'houses', houseSchema],
  ['/api/registration-form-classes-list', 'formClasses', formClassSchema],
  ['/api/primary-schools', 'primarySchools', primarySchoolSchema],
];

const wizardLists = Object.keys(wizardListsSchema.shape) as Array<keyof WizardLists>;

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  for (const [url, list, item] of lists) {
    app.get(url, { config: { access: 'visitor' }, schema: { response: { 200: z.array(item), ...errorResponses } } }, async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return referenceRepository[list](app.deps.db);
    });
  }
  // The wizard's six lists in one round trip, not six (decision 055): on a phone's slow connection
  // each call waits its turn for one of a few connections.
  app.get(
    '/api/reference-lists',
    { config: { access: 'visitor' }, schema: { response: { 200: wizardListsSchema, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      const rows = await Promise.all(wizardLists.map((list) => referenceRepository[list](app.deps.db)));
      return Object.fromEntries(wizardLists.map((list, index) => [list, rows[index]]));
    },
  );
}
