import type { SecondFactorRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';
import type { AdminLoginAnswer } from './admin-login.ts';

/** POST /api/admin-login/second-factor: the authenticator-app or recovery code that completes a sign-in whose password was right. */
export const adminSecondFactor = (body: SecondFactorRequest) => api<AdminLoginAnswer>('/api/admin-login/second-factor', { method: 'POST', body });
