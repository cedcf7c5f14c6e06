import type { LinkChangeRequest } from '@school/contract/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { guardianLinksKey } from './get-guardian-links.ts';

/** PATCH /api/guardian-links/{link_id}: restrict a link (custody), lift the restriction, or revoke it. */
export const changeGuardianLink = ({ linkId, change }: { linkId: string; change: LinkChangeRequest }) =>
  api<unknown>(`/api/guardian-links/${encodeURIComponent(linkId)}`, { method: 'PATCH', body: change });

/** The change, after which the links are read again. */
export function useChangeGuardianLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeGuardianLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianLinksKey }) });
}

/** DELETE /api/guardians/{guardian_id}/second-factor (an admin): a guardian's lost app, codes and passkeys removed; answers the words to show. */
export const resetGuardianFactor = (guardianId: string) =>
  api<{ message: string }>(`/api/guardians/${encodeURIComponent(guardianId)}/second-factor`, { method: 'DELETE' });

/** The removal, after which the links are read again (her row no longer offers it). */
export function useResetGuardianFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetGuardianFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianLinksKey }) });
}
