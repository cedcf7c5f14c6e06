import type { Deps } from '../../deps.ts';
import { referenceRepository } from './repository.ts';

/** Names for the codes a record stores (religion, ethnic group, house), for documents that print them. */
export async function referenceLabels(deps: Pick<Deps, 'db'>) {
  const [religions, ethnicGroups, houses] = await Promise.all([
    referenceRepository.religions(deps.db),
    referenceRepository.ethnicGroups(deps.db),
    referenceRepository.houses(deps.db),
  ]);
  return {
    religions: new Map(religions.map((row) => [row.code, row.religion])),
    ethnicGroups: new Map(ethnicGroups.map((row) => [row.id, row.group_type])),
    houses: new Map(houses.map((row) => [row.id, row.name])),
  };
}
