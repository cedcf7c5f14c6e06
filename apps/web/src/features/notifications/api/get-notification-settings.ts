import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { NotificationSettings };

/** GET /api/notification-settings: which kinds of message the school sends. */
export const getNotificationSettings = () => api<NotificationSettings>('/api/notification-settings');

export const getNotificationSettingsQueryOptions = () => queryOptions({ queryKey: ['notification-settings'], queryFn: getNotificationSettings });

export const useNotificationSettings = () => useQuery(getNotificationSettingsQueryOptions());
