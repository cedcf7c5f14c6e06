import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getNotificationSettingsQueryOptions } from './get-notification-settings.ts';

/** PUT /api/notification-settings: every kind's switch. */
export const saveNotificationSettings = (body: NotificationSettings) => api<NotificationSettings>('/api/notification-settings', { method: 'PUT', body });

/** Saves, and shows the saved switches. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => client.setQueryData(getNotificationSettingsQueryOptions().queryKey, saved),
  });
}
