import type { GuardianForgotRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/guardian-password/forgot: answered with the same message whether or not the address has an account. */
export const forgotPassword = (input: GuardianForgotRequest) => api<{ message: string }>('/api/guardian-password/forgot', { method: 'POST', body: input });
