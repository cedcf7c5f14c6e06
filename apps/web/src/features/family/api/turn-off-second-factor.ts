import type { TurnOffSecondFactorRequest } from '@school/contract/requests';
import type { GuardianSecondFactor } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** DELETE /api/guardian/account/second-factor: with her current password, her app, recovery codes and passkeys go; answers what is left. */
export const turnOffSecondFactor = (body: TurnOffSecondFactorRequest) =>
  api<GuardianSecondFactor>('/api/guardian/account/second-factor', { method: 'DELETE', body });
