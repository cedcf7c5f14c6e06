import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolYear } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/school-year: the current year, its classes with their students, and the last rollover. */
export const getSchoolYear = () => api<SchoolYear>('/api/school-year');

export const getSchoolYearQueryOptions = () => queryOptions({ queryKey: ['school-year'], queryFn: getSchoolYear });

export const useSchoolYear = () => useQuery(getSchoolYearQueryOptions());
