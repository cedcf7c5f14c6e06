import type { GuardianSignInRequest } from '@school/contract/requests';
import { api, ensureCsrfCookie, retryWhileBusy } from '../../../api/client.ts';

/** POST /api/guardian-login: a guardian signs in with her e-mail address; sent again while the password checks are busy. */
export async function guardianLogin(input: GuardianSignInRequest): Promise<void> {
  await ensureCsrfCookie();
  await retryWhileBusy(() => api<unknown>('/api/guardian-login', { method: 'POST', body: input }));
}
