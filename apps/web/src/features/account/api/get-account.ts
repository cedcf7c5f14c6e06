import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffAccount } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/account: her second factor, the recovery codes left and her active sessions. */
export const getAccount = () => api<StaffAccount>('/api/account');

export const getAccountQueryOptions = () => queryOptions({ queryKey: ['account'], queryFn: getAccount });

export const useAccount = () => useQuery(getAccountQueryOptions());
