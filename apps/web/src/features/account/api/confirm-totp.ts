import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorRequest } from '@school/contract/requests';
import type { RecoveryCodes } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** POST /api/account/totp/confirm: the app's first code; answers ten recovery codes, shown once. */
export const confirmTotp = (body: SecondFactorRequest) => api<RecoveryCodes>('/api/account/totp/confirm', { method: 'POST', body });

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmTotp, onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }) });
}
