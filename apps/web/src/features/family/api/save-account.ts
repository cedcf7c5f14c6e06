import type { GuardianAccountRequest } from '@school/contract/requests';
import type { GuardianAccount } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** PATCH /api/guardian/account: her name, phone and the kinds of message she wants; answers the account as saved. */
export const saveAccount = (input: GuardianAccountRequest) => api<GuardianAccount>('/api/guardian/account', { method: 'PATCH', body: input });
