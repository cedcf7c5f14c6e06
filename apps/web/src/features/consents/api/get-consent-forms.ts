import type { ConsentForms } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** Every key of the consent forms' calls begins with this: a change reads them all again. */
export const consentsKey = ['consents'] as const;

/** GET /api/consents: every form, newest first, and whether the registration also asks a guardian's agreement. */
export const getConsentForms = () => api<ConsentForms>('/api/consents');

export const getConsentFormsQueryOptions = () => queryOptions({ queryKey: [...consentsKey, 'list'], queryFn: getConsentForms });

export const useConsentForms = () => useQuery(getConsentFormsQueryOptions());
