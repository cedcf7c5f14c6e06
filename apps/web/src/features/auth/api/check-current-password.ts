import type { CheckCurrentPasswordRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/check-current-password: the change-password screen's first step checks the current password. */
export const checkCurrentPassword = (currentPassword: string) => {
  const body: CheckCurrentPasswordRequest = { current_password: currentPassword };
  return api<{ message: string }>('/api/check-current-password', { method: 'POST', body });
};
