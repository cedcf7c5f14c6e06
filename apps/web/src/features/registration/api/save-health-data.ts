import type { ProgressFlags } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/student/{id}/health-data: she has checked Health Data and saved it (decision 026). */
export const saveHealthData = (studentId: string) =>
  api<{ message: string; progress: ProgressFlags }>(`/api/student/${encodeURIComponent(studentId)}/health-data`, { method: 'POST', body: {} });
