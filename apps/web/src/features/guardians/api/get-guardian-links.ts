import type { GuardianLink } from '@school/contract/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** What the Guardians screen searches by: a guardian's name or address, or a student (words), and a class. */
export type LinkSearch = { q: string; classId: string };

const searchParams = ({ q, classId }: LinkSearch) => {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (classId) params.set('class_id', classId);
  return params.toString();
};

/** GET /api/guardians?q=&class_id=: the links found, each with its guardian and student. */
export const getGuardianLinks = (search: LinkSearch) => {
  const query = searchParams(search);
  return api<{ links: GuardianLink[] }>(`/api/guardians${query ? `?${query}` : ''}`);
};

export const guardianLinksKey = ['guardian-links'] as const;

export const getGuardianLinksQueryOptions = (search: LinkSearch) =>
  queryOptions({
    queryKey: [...guardianLinksKey, search.q.trim(), search.classId],
    queryFn: () => getGuardianLinks(search),
    // Nothing is asked before a search or a class is given: the whole school's families are not one list.
    enabled: search.q.trim() !== '' || search.classId !== '',
    placeholderData: keepPreviousData,
  });

export const useGuardianLinks = (search: LinkSearch) => useQuery(getGuardianLinksQueryOptions(search));
