import type { ConsentForm } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { consentsKey } from './get-consent-forms.ts';

/** GET /api/consents/{id}: a form with its words now and their versions. */
export const getConsentForm = (formId: string) => api<ConsentForm>(`/api/consents/${encodeURIComponent(formId)}`);

export const getConsentFormQueryOptions = (formId: string) =>
  queryOptions({ queryKey: [...consentsKey, 'form', formId], queryFn: () => getConsentForm(formId) });

export const useConsentForm = (formId: string) => useQuery(getConsentFormQueryOptions(formId));
