import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** POST /api/reset-password-student: 200 means the student signs in with her date of birth again. */
export const resetStudentPassword = (studentId: string) =>
  api<{ message: string }>('/api/reset-password-student', { method: 'POST', body: { student_id: studentId } });

export const useResetStudentPassword = () => useMutation({ mutationFn: resetStudentPassword });
