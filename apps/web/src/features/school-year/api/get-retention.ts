import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Retention } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/retention: the leavers whose health data and documents are due to be erased, and those due later. */
export const getRetention = () => api<Retention>('/api/retention');

export const getRetentionQueryOptions = () => queryOptions({ queryKey: ['retention'], queryFn: getRetention });

export const useRetention = () => useQuery(getRetentionQueryOptions());
