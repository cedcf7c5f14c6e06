import { queryOptions } from '@tanstack/react-query';
import type { StudentChanges } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/student/{id}/changes: the fields she changed since last year, with the values then and now (staff who may read her record). */
export const getStudentChanges = (studentId: string) => api<StudentChanges>(`/api/student/${encodeURIComponent(studentId)}/changes`);

export const getStudentChangesQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['student-changes', studentId], queryFn: () => getStudentChanges(studentId) });
