import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianConsent, GuardianConsents } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { GuardianConsent };

/** GET /api/guardian/consents: the forms open for her daughters, each with her answer standing. */
export const getConsents = () => api<GuardianConsents>('/api/guardian/consents').then((answer) => answer.consents);

export const consentsKey = ['guardian-consents'] as const;

export const getConsentsQueryOptions = () => queryOptions({ queryKey: consentsKey, queryFn: getConsents });

export const useConsents = () => useQuery(getConsentsQueryOptions());
