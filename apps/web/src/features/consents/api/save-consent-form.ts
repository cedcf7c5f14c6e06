import type { ConsentFormChangeRequest, ConsentFormRequest } from '@school/contract/requests';
import type { ConsentForm } from '@school/contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { consentsKey } from './get-consent-forms.ts';

/** POST /api/consents (a new form) or PATCH /api/consents/{id} (a change, with the `updated_at` it was read with). */
export const saveConsentForm = (save: { formId?: undefined; form: ConsentFormRequest } | { formId: string; form: ConsentFormChangeRequest }) =>
  save.formId === undefined
    ? api<ConsentForm>('/api/consents', { method: 'POST', body: save.form })
    : api<ConsentForm>(`/api/consents/${encodeURIComponent(save.formId)}`, { method: 'PATCH', body: save.form });

/** The save, after which every consent call is read again. */
export function useSaveConsentForm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveConsentForm, onSuccess: () => client.invalidateQueries({ queryKey: consentsKey }) });
}
