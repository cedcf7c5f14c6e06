import { api } from '../../../api/client.ts';

export type StudentMatch = { id: string; first_name: string; last_name: string };

/** GET /api/student-lookup: a visitor finds her student ID by exact first and last name. */
export const lookupStudentId = (firstName: string, lastName: string) =>
  api<StudentMatch[]>(`/api/student-lookup?${new URLSearchParams({ first_name: firstName, last_name: lastName })}`);
