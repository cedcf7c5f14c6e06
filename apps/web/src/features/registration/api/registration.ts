import type { StudentRecord } from '@school/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type ProgressFlags = { studentData: number; familyData: number; healthData: number; otherData: number; documents: number; submit: number };
export type RegistrationWindow = { form_level: number | null; open: number; deadline: string | null; editable: boolean; message: string };
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
