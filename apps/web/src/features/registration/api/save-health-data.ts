import type { HealthDataSavedRequest } from '@school/contract/requests';
import type { ProgressFlags } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/student/{id}/health-data: she has checked Health Data and saved it (decision 026). */
export const saveHealthData = (studentId: string) => {
  const body: HealthDataSavedRequest = {};
  return api<{ message: string; progress: ProgressFlags }>(`/api/student/${encodeURIComponent(studentId)}/health-data`, { method: 'POST', body });
};
