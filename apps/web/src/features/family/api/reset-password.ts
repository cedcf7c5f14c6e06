import type { GuardianResetRequest } from '@school/contract/requests';
import type { GuardianSignIn } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/**
 * POST /api/guardian-password/reset: the mailed link's token and her new password; the server signs
 * her in with it, or with a second factor on her account waits for it (`second_factor: 'required'`).
 */
export const resetPassword = (input: GuardianResetRequest) => api<GuardianSignIn>('/api/guardian-password/reset', { method: 'POST', body: input });
