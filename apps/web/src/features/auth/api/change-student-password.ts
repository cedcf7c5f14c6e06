import { api } from '../../../api/client.ts';

/** POST /api/change-password-student: the new password, and the current one from a full session. */
export const changeStudentPassword = (input: { student_id: string; password: string; current_password?: string }) =>
  api<{ message: string }>('/api/change-password-student', { method: 'POST', body: input });
