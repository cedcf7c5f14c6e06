import type { StudentImportHistory } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/student-imports: past imports, newest first. */
export const getStudentImports = () => api<StudentImportHistory>('/api/student-imports');

export const getStudentImportsQueryOptions = () => queryOptions({ queryKey: ['student-imports'], queryFn: getStudentImports });

export const useStudentImports = () => useQuery(getStudentImportsQueryOptions());
