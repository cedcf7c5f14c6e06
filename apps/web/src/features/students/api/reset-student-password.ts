import { useMutation } from '@tanstack/react-query';
import type { ResetStudentPasswordRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/reset-password-student: 200 means the student signs in with her date of birth again. */
export const resetStudentPassword = (studentId: string) => {
  const body: ResetStudentPasswordRequest = { student_id: studentId };
  return api<{ message: string }>('/api/reset-password-student', { method: 'POST', body });
};

export const useResetStudentPassword = () => useMutation({ mutationFn: resetStudentPassword });
