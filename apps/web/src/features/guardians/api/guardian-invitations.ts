import type { ClassInvitations, GuardianInvitation, GuardianInvitations } from '@school/contract/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { guardianInvitationsKey as invitationsKey } from '../../../api/invite-guardian.ts';

/** GET /api/guardian-invitations?class_id=: a class's invitations. */
export const getInvitations = (classId: string) => api<GuardianInvitations>(`/api/guardian-invitations?class_id=${encodeURIComponent(classId)}`);

export const getInvitationsQueryOptions = (classId: string) =>
  queryOptions({ queryKey: [...invitationsKey, classId], queryFn: () => getInvitations(classId), enabled: classId !== '' });

export const useInvitations = (classId: string) => useQuery(getInvitationsQueryOptions(classId));

/** POST /api/guardian-invitations/class: an invitation to each parent e-mail of the class's records. */
export const inviteClass = (classId: string) => api<ClassInvitations>('/api/guardian-invitations/class', { method: 'POST', body: { class_id: classId } });

/** POST /api/guardian-invitations/{id}/resend: a new link, the old one no longer good. */
export const resendInvitation = (id: string) =>
  api<GuardianInvitation>(`/api/guardian-invitations/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} });

/** DELETE /api/guardian-invitations/{id}: the link no longer good. */
export const cancelInvitation = (id: string) => api<void>(`/api/guardian-invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A change to the invitations, after which they are read again. */
function useInvitationChange<T, A>(call: (argument: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }) });
}

export const useInviteClass = () => useInvitationChange(inviteClass);
export const useResendInvitation = () => useInvitationChange(resendInvitation);
export const useCancelInvitation = () => useInvitationChange(cancelInvitation);
