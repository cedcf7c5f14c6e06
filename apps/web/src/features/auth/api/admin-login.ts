import type { AdminSignInRequest } from '@school/contract/requests';
import { api, ensureCsrfCookie, retryWhileBusy } from '../../../api/client.ts';

/**
 * `second_factor: 'required'` when the account has a second factor: a code (`adminSecondFactor`) or
 * a passkey comes next, as `second_factors` says she has.
 */
export type AdminLoginAnswer = {
  name: 'Admin';
  username: string;
  must_change_password: boolean;
  second_factor?: 'required';
  second_factors?: Array<'app' | 'passkey'>;
};

/** POST /api/admin-login (SPEC §7): the answer's name 'Admin' marks an admin; sent again while the password checks are busy. */
export async function adminLogin(input: AdminSignInRequest): Promise<AdminLoginAnswer> {
  await ensureCsrfCookie();
  return retryWhileBusy(() => api<AdminLoginAnswer>('/api/admin-login', { method: 'POST', body: input }));
}
