import { useMutation } from '@tanstack/react-query';
import type { TotpEnrolment } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/account/totp: a new secret for her authenticator app, and its address for the QR code. */
export const startTotp = () => api<TotpEnrolment>('/api/account/totp', { method: 'POST', body: {} });

export const useStartTotp = () => useMutation({ mutationFn: startTotp });
