import type { FieldDef } from '@school/contract';
import type { WizardLists } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type Option = { value: string; label: string };
type ListName = NonNullable<FieldDef['list']>;

/** How each reference list's rows (SPEC §3 field names) become options. */
const toOption: { [Name in ListName]: (row: WizardLists[Name][number]) => Option } = {
  towns: (row) => ({ value: row.town_name, label: row.town_name }),
  religions: (row) => ({ value: row.code, label: row.religion }),
  ethnicGroups: (row) => ({ value: row.id, label: row.group_type }),
  regionalCorporations: (row) => ({ value: row.title, label: row.title }),
  houses: (row) => ({ value: row.id, label: row.name }),
  formClasses: (row) => ({ value: row.id, label: `Form ${row.form_level} – ${row.id}` }),
};
const names = Object.keys(toOption) as ListName[];

/** The one call that answers every list the wizard reads (decision 055): one round trip, not six. */
export const referenceListsPath = '/api/reference-lists';

/** GET /api/reference-lists: every list, as options. */
export async function getReferenceLists(): Promise<Record<ListName, Option[]>> {
  const lists = await api<WizardLists>(referenceListsPath);
  return Object.fromEntries(names.map((name) => [name, (lists[name] as Array<never>).map(toOption[name])])) as Record<ListName, Option[]>;
}

/** The reference lists change only with a new release, so they are fetched once and kept for the session. */
export const getReferenceListsQueryOptions = () => queryOptions({ queryKey: ['reference-lists'], queryFn: getReferenceLists, staleTime: Infinity });

/** No list yet: one object, so that what is drawn from the lists is not drawn again until they come. */
const noLists: Partial<Record<ListName, Option[]>> = Object.freeze({});

/** All reference lists as options; none until they have come. */
export function useReferenceLists(): Partial<Record<ListName, Option[]>> {
  return useQuery(getReferenceListsQueryOptions()).data ?? noLists;
}
