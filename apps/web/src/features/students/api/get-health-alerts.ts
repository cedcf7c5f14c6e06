import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthAlerts } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/health-alerts/{class_id}: each student's conditions, allergies and emergency contact. */
export const getHealthAlerts = (classId: string) => api<HealthAlerts>(`/api/health-alerts/${encodeURIComponent(classId)}`);

export const getHealthAlertsQueryOptions = (classId: string) =>
  queryOptions({ queryKey: ['health-alerts', classId], queryFn: () => getHealthAlerts(classId), enabled: classId !== '' });

export const useHealthAlerts = (classId: string) => useQuery(getHealthAlertsQueryOptions(classId));
