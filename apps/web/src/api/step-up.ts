import type { SecondFactorRequest } from '@school/contract/requests';
import { api, ApiError } from './client.ts';

/** POST /api/account/step-up: a code given again, so that whole-school exports may go ahead for 15 minutes. */
export const stepUp = (body: SecondFactorRequest) => api<{ message: string }>('/api/account/step-up', { method: 'POST', body });

/** Whether a call was refused for want of a recent second factor that the staff member can give (she has one enrolled). */
export const asksForStepUp = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.body.code === 'step_up_required' && error.body.enrolled === true;
