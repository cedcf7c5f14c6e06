import type { GuardianInvitationRequest } from '@school/contract/requests';
import type { GuardianInvitation } from '@school/contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

/** The key of every list of guardian invitations: read again after any change to them. */
export const guardianInvitationsKey = ['guardian-invitations'] as const;

/** POST /api/guardian-invitations: an invitation to one address for one student (the Guardians screen and a student's row). */
export const inviteGuardian = (invitation: GuardianInvitationRequest) =>
  api<GuardianInvitation>('/api/guardian-invitations', { method: 'POST', body: invitation });

/** The invitation, after which the invitations are read again. */
export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteGuardian, onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianInvitationsKey }) });
}
