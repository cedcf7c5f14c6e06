import { queryOptions } from '@tanstack/react-query';
import type { SchoolAccountRequest } from '@school/contract/requests';
import type { SchoolAccount } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

const address = (studentId: string) => `/api/students/${encodeURIComponent(studentId)}/school-account`;

/** GET /api/students/{id}/school-account: the address the school's provider knows her by (decision 076). */
export const getSchoolAccountQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['school-account', studentId], queryFn: () => api<SchoolAccount>(address(studentId)) });

/** PUT /api/students/{id}/school-account: gives her a school account, changes it, or (empty) removes it. */
export const setSchoolAccount = (studentId: string, account: string) => {
  const body: SchoolAccountRequest = { school_account: account };
  return api<SchoolAccount>(address(studentId), { method: 'PUT', body });
};
