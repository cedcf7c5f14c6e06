import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type UploadedFile = { name: string; type: string; url: string };

export const filesPath = (studentId: string) => `/api/get-files/${encodeURIComponent(studentId)}`;

/** GET /api/get-files/{id}: the student's uploaded documents. */
export const getFiles = (studentId: string) => api<UploadedFile[]>(filesPath(studentId));

export const getFilesQueryOptions = (studentId: string) => queryOptions({ queryKey: ['files', studentId], queryFn: () => getFiles(studentId) });

export const useFiles = (studentId: string) => useQuery(getFilesQueryOptions(studentId));
