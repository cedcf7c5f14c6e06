import { api } from '../../../api/client.ts';

/** POST /api/guardian/change-password: her current password, then the new one. */
export const changePassword = (input: { current_password: string; password: string }) =>
  api<{ message: string }>('/api/guardian/change-password', { method: 'POST', body: input });
