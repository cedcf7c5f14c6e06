import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianSecondFactor } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { GuardianSecondFactor };

/** GET /api/guardian/account/second-factor: her authenticator app, the recovery codes she has left, and her passkeys. */
export const getSecondFactor = () => api<GuardianSecondFactor>('/api/guardian/account/second-factor');

export const getSecondFactorQueryOptions = () => queryOptions({ queryKey: ['guardian-account', 'second-factor'], queryFn: getSecondFactor });

export const useSecondFactor = () => useQuery(getSecondFactorQueryOptions());
