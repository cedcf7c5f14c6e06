import type { ChangeAdminPasswordRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/admin/change-password: an admin replaces a one-time password. */
export const changeAdminPassword = (input: ChangeAdminPasswordRequest) =>
  api<{ message: string }>('/api/admin/change-password', { method: 'POST', body: input });
