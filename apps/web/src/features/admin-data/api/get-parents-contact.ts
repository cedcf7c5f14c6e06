import type { ParentsContact } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/parents-contact/{class_id|all}. */
export const getParentsContact = (classId: string) => api<ParentsContact>(`/api/parents-contact/${encodeURIComponent(classId)}`);

export const getParentsContactQueryOptions = (classId: string) =>
  queryOptions({ queryKey: ['parents-contact', classId], queryFn: () => getParentsContact(classId), enabled: classId !== '' });

export const useParentsContact = (classId: string) => useQuery(getParentsContactQueryOptions(classId));

/** The PDF and workbook downloads of the same list. */
export const parentsContactDownload = (classId: string, format: 'pdf' | 'xlsx') => `/api/parents-contact/${encodeURIComponent(classId)}/${format}`;
