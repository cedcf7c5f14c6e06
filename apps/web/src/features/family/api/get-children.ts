import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianChild } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { GuardianChild };

/** The address of her daughters' list, which the family's first screen asks as the app starts. */
export const childrenPath = '/api/guardian/children';

/** GET /api/guardian/children: every daughter linked to her, with each one's registration status. */
export const getChildren = () => api<{ children: GuardianChild[] }>(childrenPath).then((answer) => answer.children);

export const getChildrenQueryOptions = () => queryOptions({ queryKey: ['guardian-children'], queryFn: getChildren });

export const useChildren = () => useQuery(getChildrenQueryOptions());
