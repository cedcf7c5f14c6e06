import type { RecordAccess } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/my-record-access: when staff viewed or changed the signed-in student's record, newest first. */
export const getRecordAccess = () => api<RecordAccess>('/api/my-record-access');

export const getRecordAccessQueryOptions = () => queryOptions({ queryKey: ['my-record-access'], queryFn: getRecordAccess });

export const useRecordAccess = () => useQuery(getRecordAccessQueryOptions());
