import type { StudentRecord } from '@school/contract';
import type { ProgressFlags, RegistrationWindow } from '@school/contract/responses';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type { ProgressFlags, RegistrationWindow };
export type Registration = { record: StudentRecord; progress: ProgressFlags; registration: RegistrationWindow };

/** GET /api/student/{id}: the record, its progress flags and the registration window. */
export const registrationQuery = (studentId: string) =>
  queryOptions({
    queryKey: ['registration', studentId],
    queryFn: () => api<Registration>(`/api/student/${encodeURIComponent(studentId)}`),
    staleTime: Infinity,
  });

export type SaveAnswer = { message: string; record: StudentRecord; progress: ProgressFlags };

/** POST /api/student: the whole record with the updatedAt it was read at. */
export const saveRecord = (record: StudentRecord) => api<SaveAnswer>('/api/student', { method: 'POST', body: record });
