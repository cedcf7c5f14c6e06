import type { GuardianPasswordChangeRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/guardian/password: her current password, then the new one. */
export const changePassword = (input: GuardianPasswordChangeRequest) => api<unknown>('/api/guardian/password', { method: 'POST', body: input });
