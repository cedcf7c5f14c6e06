import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { InvitationPreview };

/** GET /api/guardian-invitations/preview?token=: whom the invitation is for, before she accepts. */
export const getInvitationPreview = (token: string) => api<InvitationPreview>(`/api/guardian-invitations/preview?token=${encodeURIComponent(token)}`);

/** The invitation's preview; a dead link is the call's error, with the server's message. */
export const useInvitationPreview = (token: string) =>
  useQuery({ queryKey: ['guardian-invitation', token], queryFn: () => getInvitationPreview(token), enabled: token !== '', retry: false });
