import { api, ensureCsrfCookie } from '../../../api/client.ts';

export type LoginStudentAnswer = { name: string; student_id: string; password_reset: number };

/** POST /api/login-student (SPEC §7). */
export async function loginStudent(input: { student_id: string; password: string }): Promise<LoginStudentAnswer> {
  await ensureCsrfCookie();
  return api<LoginStudentAnswer>('/api/login-student', { method: 'POST', body: input });
}
