import { api } from '../../../api/client.ts';

/** POST /api/admin/change-password: an admin replaces a one-time password. */
export const changeAdminPassword = (input: { current_password: string; password: string }) =>
  api<{ message: string }>('/api/admin/change-password', { method: 'POST', body: input });
