import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { getStudentsQueryOptions } from './get-students.ts';

/** DELETE /api/students/{id}/left: she is back at the school and may sign in again. */
export const bringStudentBack = (studentId: string) => api<{ message: string }>(`/api/students/${encodeURIComponent(studentId)}/left`, { method: 'DELETE' });

/** Brings her back, then reads the students again. */
export function useBringStudentBack() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bringStudentBack, onSuccess: () => client.invalidateQueries({ queryKey: getStudentsQueryOptions().queryKey }) });
}
