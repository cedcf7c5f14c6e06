import type { AcceptInvitationRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/**
 * POST /api/guardian-invitations/accept: with her name and a new password the account is made for
 * the invited address; signed in as that address, the token alone links the daughter.
 */
export const acceptInvitation = (input: AcceptInvitationRequest) => api<unknown>('/api/guardian-invitations/accept', { method: 'POST', body: input });
