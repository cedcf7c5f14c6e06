import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyContactChange } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { FamilyContactChange };

/** GET /api/guardian/contact-changes: the changes she sent, newest first, each field with the office's decision. */
export const getContactChanges = () => api<{ changes: FamilyContactChange[] }>('/api/guardian/contact-changes').then((answer) => answer.changes);

export const getContactChangesQueryOptions = () => queryOptions({ queryKey: ['guardian-contact-changes'], queryFn: getContactChanges });

export const useContactChanges = () => useQuery(getContactChangesQueryOptions());
