import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyCreationOptions, PasskeyList } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getPasskeys, makePasskey } from '../../../api/passkeys.ts';

export const getPasskeysQueryOptions = () => queryOptions({ queryKey: ['account', 'passkeys'], queryFn: getPasskeys });

export const usePasskeys = () => useQuery(getPasskeysQueryOptions());

/** POST /api/account/passkeys/options, the browser's ceremony, then POST /api/account/passkeys with the name she gave it. */
export async function addPasskey(name: string): Promise<PasskeyList> {
  const options = await api<PasskeyCreationOptions>('/api/account/passkeys/options', { method: 'POST', body: {} });
  const response = await makePasskey(options);
  return api<PasskeyList>('/api/account/passkeys', { method: 'POST', body: { name, response } });
}

/** DELETE /api/account/passkeys/{id}. */
export const removePasskey = (id: number) => api<null>(`/api/account/passkeys/${id}`, { method: 'DELETE' });

/** Adding or removing a passkey changes her list, and what her account page says of her factors. */
function usePasskeyChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }) });
}

export const useAddPasskey = () => usePasskeyChange(addPasskey);
export const useRemovePasskey = () => usePasskeyChange(removePasskey);
