import type { SecondFactorRequest } from '@school/contract/requests';
import type { GuardianSignIn } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { givePasskey } from '../../../api/passkeys.ts';

/** POST /api/guardian-login/second-factor: her app's code, or a recovery code, completes a sign-in whose password was right. */
export const signInWithCode = (body: SecondFactorRequest) => api<GuardianSignIn>('/api/guardian-login/second-factor', { method: 'POST', body });

/** Her passkey completes it in place of a code: POST /api/guardian-login/passkey/options, the browser's ceremony, then POST /api/guardian-login/passkey. */
export const signInWithPasskey = () => givePasskey<GuardianSignIn>('/api/guardian-login/passkey/options', '/api/guardian-login/passkey');
