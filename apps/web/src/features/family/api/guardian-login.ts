import type { GuardianSignInRequest } from '@school/contract/requests';
import type { GuardianSignIn } from '@school/contract/responses';
import { api, ensureCsrfCookie, retryWhileBusy } from '../../../api/client.ts';

export type { GuardianSignIn };

/**
 * POST /api/guardian-login: a guardian signs in with her e-mail address; sent again while the
 * password checks are busy. With `second_factor: 'required'` her code or passkey comes next.
 */
export async function guardianLogin(input: GuardianSignInRequest): Promise<GuardianSignIn> {
  await ensureCsrfCookie();
  return retryWhileBusy(() => api<GuardianSignIn>('/api/guardian-login', { method: 'POST', body: input }));
}
