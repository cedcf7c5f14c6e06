import type { GuardianResetRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/guardian-password/reset: the mailed link's token and her new password; the server signs her in with it. */
export const resetPassword = (input: GuardianResetRequest) => api<unknown>('/api/guardian-password/reset', { method: 'POST', body: input });
