import type { FieldDef } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
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

type ListName = NonNullable<FieldDef['list']>;

/** The stored value of each list's rows: what a record's code field holds. */
const codesOf: Record<ListName, (db: Executor) => Promise<string[]>> = {
  towns: async (db) => (await referenceRepository.towns(db)).map((row) => row.town_name),
  religions: async (db) => (await referenceRepository.religions(db)).map((row) => row.code),
  ethnicGroups: async (db) => (await referenceRepository.ethnicGroups(db)).map((row) => String(row.id)),
  regionalCorporations: async (db) => (await referenceRepository.regionalCorporations(db)).map((row) => row.title),
  houses: async (db) => (await referenceRepository.houses(db)).map((row) => String(row.id)),
  formClasses: async (db) => (await referenceRepository.formClasses(db)).map((row) => String(row.id)),
};

/** Whether `value` is one of the codes of a reference list (SPEC §3), for saves that name a town, religion, class... */
export async function isInReferenceList(db: Executor, list: ListName, value: string): Promise<boolean> {
  return (await codesOf[list](db)).includes(value);
}
