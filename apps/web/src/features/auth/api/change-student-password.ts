import type { ChangeStudentPasswordRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/change-password-student: the new password, and the current one from a full session. */
export const changeStudentPassword = (input: ChangeStudentPasswordRequest) =>
  api<{ message: string }>('/api/change-password-student', { method: 'POST', body: input });
