import type { ContactChanges } from '@school/contract/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** What the screen lists: the changes waiting for an answer, or those answered, of one class or all. */
export type ChangeSearch = { status: 'pending' | 'answered'; classId: string };

/** GET /api/contact-changes?status=&class_id=: the newest changes of the state asked for, each field side by side with the record. */
export const getContactChanges = ({ status, classId }: ChangeSearch) => {
  const params = new URLSearchParams({ status });
  if (classId) params.set('class_id', classId);
  return api<ContactChanges>(`/api/contact-changes?${params}`);
};

export const contactChangesKey = ['contact-changes'] as const;

export const getContactChangesQueryOptions = (search: ChangeSearch) =>
  queryOptions({
    queryKey: [...contactChangesKey, search.status, search.classId],
    queryFn: () => getContactChanges(search),
    placeholderData: keepPreviousData,
  });

export const useContactChanges = (search: ChangeSearch) => useQuery(getContactChangesQueryOptions(search));
