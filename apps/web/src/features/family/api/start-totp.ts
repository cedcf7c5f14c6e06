import type { TotpEnrolment } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { TotpEnrolment };

/** POST /api/guardian/account/totp: a new secret for her authenticator app, and its address for the QR code. */
export const startTotp = () => api<TotpEnrolment>('/api/guardian/account/totp', { method: 'POST', body: {} });
