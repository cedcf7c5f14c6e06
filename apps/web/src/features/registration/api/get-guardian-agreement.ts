import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianAgreement } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { GuardianAgreement };

/** GET /api/student/{id}/guardian-agreement: whether the school asks a linked parent's agreement with this year's registration, and whether one was given. */
export const getGuardianAgreement = (studentId: string) => api<GuardianAgreement>(`/api/student/${encodeURIComponent(studentId)}/guardian-agreement`);

export const getGuardianAgreementQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['guardian-agreement', studentId], queryFn: () => getGuardianAgreement(studentId), enabled: studentId !== '' });

export const useGuardianAgreement = (studentId: string) => useQuery(getGuardianAgreementQueryOptions(studentId));
