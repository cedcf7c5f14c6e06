import type { ConsentSettingsRequest } from '@school/contract/requests';
import type { ConsentSettings } from '@school/contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { consentsKey } from './get-consent-forms.ts';

/** PUT /api/consent-settings (admins): whether the yearly registration also asks a linked guardian's agreement. */
export const saveConsentSettings = (settings: ConsentSettingsRequest) => api<ConsentSettings>('/api/consent-settings', { method: 'PUT', body: settings });

/** The switch, after which the forms are read again (the registration's agreement shows or goes). */
export function useSaveConsentSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveConsentSettings, onSuccess: () => client.invalidateQueries({ queryKey: consentsKey }) });
}
