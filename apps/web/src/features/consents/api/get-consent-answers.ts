import type { ConsentAnswers } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { consentsKey } from './get-consent-forms.ts';

/** GET /api/consents/{id}/answers: per class, who answered what and who has not. */
export const getConsentAnswers = (formId: string) => api<ConsentAnswers>(`/api/consents/${encodeURIComponent(formId)}/answers`);

export const getConsentAnswersQueryOptions = (formId: string) =>
  queryOptions({ queryKey: [...consentsKey, 'answers', formId], queryFn: () => getConsentAnswers(formId) });

export const useConsentAnswers = (formId: string) => useQuery(getConsentAnswersQueryOptions(formId));

/** Where a form's answers download, for one class or (a bulk export) every class. */
export const consentAnswersFile = (formId: string, format: 'csv' | 'pdf', classId?: string) =>
  `/api/consents/${encodeURIComponent(formId)}/answers/${format}${classId ? `?class_id=${encodeURIComponent(classId)}` : ''}`;
