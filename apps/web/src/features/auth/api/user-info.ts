import { api } from '../../../api/client.ts';

/** GET /api/user/{student_id}: whether this ID must sign in with the date of birth. */
export async function fetchPasswordReset(studentId: string): Promise<boolean> {
  const rows = await api<Array<{ student_id: string; password_reset: number }>>(`/api/user/${encodeURIComponent(studentId)}`);
  return rows[0]?.password_reset === 1;
}
