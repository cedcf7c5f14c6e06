import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export type SchoolConfig = { school_name: string; time_zone: string };

const schoolQuery = queryOptions({
  queryKey: ['school-config'],
  queryFn: () => api<SchoolConfig>('/api/config'),
  staleTime: Infinity,
});

/** The school's name as the server is configured; shown on every screen. */
export function useSchoolName(): string {
  const { data } = useQuery(schoolQuery);
  return data?.school_name ?? '';
}
