import { queryOptions } from '@tanstack/react-query';
import type { StudentHistory } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/student/{id}/history: each past year kept at a rollover, with the names of the fields she changed in the year after. */
export const getStudentHistory = (studentId: string) => api<StudentHistory>(`/api/student/${encodeURIComponent(studentId)}/history`);

export const getStudentHistoryQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['student-history', studentId], queryFn: () => getStudentHistory(studentId) });
