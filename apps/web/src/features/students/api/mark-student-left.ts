import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkLeftRequest } from '@school/contract/requests';
import type { Leaver } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getStudentsQueryOptions } from './get-students.ts';

/** POST /api/students/{id}/left: she has left the school today, for `reason`; she can no longer sign in. */
export const markStudentLeft = ({ studentId, reason }: { studentId: string; reason: string }) => {
  const body: MarkLeftRequest = { reason };
  return api<Leaver>(`/api/students/${encodeURIComponent(studentId)}/left`, { method: 'POST', body });
};

/** Marks her as left, then reads the students again. */
export function useMarkStudentLeft() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markStudentLeft, onSuccess: () => client.invalidateQueries({ queryKey: getStudentsQueryOptions().queryKey }) });
}
