import { api } from '../../../api/client.ts';

/**
 * GET /api/user/{student_id}: whether to hint at the date of birth for this ID. The call echoes the
 * CSRF token; only a browser that signed in to the ID before is told it has its own password.
 */
export async function fetchPasswordReset(studentId: string): Promise<boolean> {
  const rows = await api<Array<{ student_id: string; password_reset: number }>>(`/api/user/${encodeURIComponent(studentId)}`, { csrf: true });
  return rows[0]?.password_reset === 1;
}
