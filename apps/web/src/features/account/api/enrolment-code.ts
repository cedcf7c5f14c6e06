import type { EnrolmentCodeRequest, SecondFactorRequest } from '@school/contract/requests';
import { api, ApiError } from '../../../api/client.ts';

/** POST /api/account/enrolment-code: her password again; a code goes to her notice address (decision 057). */
export const sendEnrolmentCode = (body: EnrolmentCodeRequest) => api<{ message: string }>('/api/account/enrolment-code', { method: 'POST', body });

/** POST /api/account/enrolment-code/confirm: the code sent; right, she may set up her first factor. */
export const confirmEnrolmentCode = (body: SecondFactorRequest) => api<{ message: string }>('/api/account/enrolment-code/confirm', { method: 'POST', body });

/** Whether a refused enrolment asks her to show it is her first (403 `enrolment_verification_required`). */
export const enrolmentCheckAsked = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.body.code === 'enrolment_verification_required';
