import type { ConfirmStepRequest } from '@school/contract/requests';
import type { Progress } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/registration/confirm-step: 'Nothing has changed' — she has checked the step and it is still right (decision 026). */
export const confirmStep = (step: ConfirmStepRequest['step']) => {
  const body: ConfirmStepRequest = { step };
  return api<{ message: string; progress: Progress }>('/api/registration/confirm-step', { method: 'POST', body });
};
