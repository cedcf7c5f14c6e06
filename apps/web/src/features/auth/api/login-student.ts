import type { StudentSignInRequest } from '@school/contract/requests';
import { api, ensureCsrfCookie, retryWhileBusy } from '../../../api/client.ts';

export type LoginStudentAnswer = { name: string; student_id: string; password_reset: number };

/** POST /api/login-student (SPEC §7), sent again while the password checks are busy. */
export async function loginStudent(input: StudentSignInRequest): Promise<LoginStudentAnswer> {
  await ensureCsrfCookie();
  return retryWhileBusy(() => api<LoginStudentAnswer>('/api/login-student', { method: 'POST', body: input }));
}
