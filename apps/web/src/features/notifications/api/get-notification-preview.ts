import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreview } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { NotificationPreview };

/** GET /api/notification-settings/preview: a sample of each kind's message, about a made-up student. */
export const getNotificationPreview = () => api<NotificationPreview>('/api/notification-settings/preview');

export const getNotificationPreviewQueryOptions = () => queryOptions({ queryKey: ['notification-settings', 'preview'], queryFn: getNotificationPreview });

export const useNotificationPreview = (enabled: boolean) => useQuery({ ...getNotificationPreviewQueryOptions(), enabled });
