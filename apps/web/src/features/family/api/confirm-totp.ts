import type { SecondFactorRequest } from '@school/contract/requests';
import type { RecoveryCodes } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/guardian/account/totp/confirm: the app's first code turns it on; answers her ten recovery codes, shown once. */
export const confirmTotp = (body: SecondFactorRequest) => api<RecoveryCodes>('/api/guardian/account/totp/confirm', { method: 'POST', body });
