import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export type SchoolConfig = { school_name: string; time_zone: string };

/** GET /api/config: the school's name and time zone, as the server is configured. */
export const getSchoolConfig = () => api<SchoolConfig>('/api/config');

export const getSchoolConfigQueryOptions = () => queryOptions({ queryKey: ['school-config'], queryFn: getSchoolConfig, staleTime: Infinity });

/** The school's name; shown on every screen. */
export function useSchoolName(): string {
  const { data } = useQuery(getSchoolConfigQueryOptions());
  return data?.school_name ?? '';
}

/** The school's time zone (IANA name), in which every time the portal shows is read; until it has loaded, the default school's. */
export function useSchoolTimeZone(): string {
  const { data } = useQuery(getSchoolConfigQueryOptions());
  return data?.time_zone ?? 'America/Port_of_Spain';
}
