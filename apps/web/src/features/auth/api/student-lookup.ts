import type { StudentLookupQuery } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** One student of that name; `form_level` only when several share it. */
export type StudentMatch = { id: string; first_name: string | null; last_name: string | null; form_level?: number | null };

/** GET /api/student-lookup: a visitor finds her student ID by exact first and last name. */
export const lookupStudentId = (firstName: string, lastName: string) => {
  const query: StudentLookupQuery = { first_name: firstName, last_name: lastName };
  return api<StudentMatch[]>(`/api/student-lookup?${new URLSearchParams(query)}`);
};
