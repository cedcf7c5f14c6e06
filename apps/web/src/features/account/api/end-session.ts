import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** DELETE /api/account/sessions/{id}: ends one of her sessions. */
export const endSession = (id: string) => api<null>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }) });
}
