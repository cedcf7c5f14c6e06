import type { SecondFactorRequest } from '@school/contract/requests';
import { api, ApiError } from './client.ts';

/** POST /api/account/step-up: a code given again, so that whole-school exports may go ahead for 15 minutes. */
export const stepUp = (body: SecondFactorRequest) => api<{ message: string }>('/api/account/step-up', { method: 'POST', body });

/**
 * What a refused whole-school export asks of the staff member (decision 049): `code` when she has a
 * second factor to give, `enrol` when she must set one up first, or null for any other failure.
 */
export function stepUpAsked(error: unknown): 'code' | 'enrol' | null {
  if (!(error instanceof ApiError) || error.status !== 403 || error.body.code !== 'step_up_required') return null;
  return error.body.enrolled === true ? 'code' : 'enrol';
}
