import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationStops } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/notification-stops/{student id}: the parents' addresses that stopped absence messages about her. */
export const getNotificationStops = (studentId: string) => api<NotificationStops>(`/api/notification-stops/${encodeURIComponent(studentId)}`);

export const getNotificationStopsQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['notification-stops', studentId], queryFn: () => getNotificationStops(studentId) });

export const useNotificationStops = (studentId: string | undefined) =>
  useQuery({ ...getNotificationStopsQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });
