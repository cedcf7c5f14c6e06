import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianAccount } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { GuardianAccount };

/** GET /api/guardian/account: her name, address, phone and the kinds of message she wants. */
export const getAccount = () => api<GuardianAccount>('/api/guardian/account');

export const getAccountQueryOptions = () => queryOptions({ queryKey: ['guardian-account'], queryFn: getAccount });

export const useAccount = () => useQuery(getAccountQueryOptions());
