import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type UploadedFile = { name: string; type: string; url: string };

/** GET /api/get-files/{id}: the student's uploaded documents. */
export const getFiles = (studentId: string) => api<UploadedFile[]>(`/api/get-files/${encodeURIComponent(studentId)}`);

export const getFilesQueryOptions = (studentId: string) => queryOptions({ queryKey: ['files', studentId], queryFn: () => getFiles(studentId) });

export const useFiles = (studentId: string) => useQuery(getFilesQueryOptions(studentId));
