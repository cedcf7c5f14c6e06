import type { FieldDef } from '@school/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type Option = { value: string; label: string };
type ListName = NonNullable<FieldDef['list']>;

/** Each reference list's call and how its rows become options (SPEC §3 field names). */
const lists: Record<ListName, { url: string; toOption: (row: Record<string, string | number>) => Option }> = {
  towns: { url: '/api/towns', toOption: (row) => ({ value: String(row.town_name), label: String(row.town_name) }) },
  religions: { url: '/api/religions', toOption: (row) => ({ value: String(row.code), label: String(row.religion) }) },
  ethnicGroups: { url: '/api/ethnic-groups', toOption: (row) => ({ value: String(row.id), label: String(row.group_type) }) },
  regionalCorporations: { url: '/api/regional-corporation', toOption: (row) => ({ value: String(row.title), label: String(row.title) }) },
  houses: { url: '/api/houses', toOption: (row) => ({ value: String(row.id), label: String(row.name) }) },
  formClasses: { url: '/api/registration-form-classes-list', toOption: (row) => ({ value: String(row.id), label: `Form ${row.form_level} – ${row.id}` }) },
};
const names = Object.keys(lists) as ListName[];
/** The addresses of every reference list the wizard reads. */
export const referenceListPaths = names.map((name) => lists[name].url);

/** GET of one reference list (GET /api/towns, /api/religions, ...), as options. */
export const getReferenceList = async (name: ListName): Promise<Option[]> =>
  (await api<Array<Record<string, string | number>>>(lists[name].url)).map(lists[name].toOption);

/** A reference list changes only with a new release, so it is fetched once and kept for the session. */
export const getReferenceListQueryOptions = (name: ListName) =>
  queryOptions({ queryKey: ['reference', name], queryFn: () => getReferenceList(name), staleTime: Infinity });

/** All reference lists as options. */
export function useReferenceLists(): Partial<Record<ListName, Option[]>> {
  const results = useQueries({ queries: names.map((name) => getReferenceListQueryOptions(name)) });
  return Object.fromEntries(names.map((name, index) => [name, results[index].data]));
}
