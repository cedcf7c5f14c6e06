import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnEmailRequest } from '@school/contract/requests';
import type { OwnEmail } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/account/email: the address her security notices go to. */
export const getOwnEmail = () => api<OwnEmail>('/api/account/email');

export const getOwnEmailQueryOptions = () => queryOptions({ queryKey: ['account', 'email'], queryFn: getOwnEmail });

export const useOwnEmail = () => useQuery(getOwnEmailQueryOptions());

/** PUT /api/account/email: sets her address, or removes it when empty. */
export const saveOwnEmail = (body: OwnEmailRequest) => api<OwnEmail>('/api/account/email', { method: 'PUT', body });

export function useSaveOwnEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveOwnEmail, onSuccess: (saved) => client.setQueryData(getOwnEmailQueryOptions().queryKey, saved) });
}
