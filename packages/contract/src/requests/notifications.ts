import { z } from 'zod';
import { messageKinds, messageStatuses } from '../notifications.ts';
import { notificationSettingsSchema } from '../responses/notifications.ts';
import { pageField } from './common.ts';

/** `GET /api/messages` filters: a status, a kind, and the page (from 1). */
export const messagesQuery = z.object({
  status: z.enum(messageStatuses).optional(),
  kind: z.enum(messageKinds).optional(),
  page: pageField,
});
export type MessagesQuery = z.input<typeof messagesQuery>;

/** `PUT /api/notification-settings`: every kind's switch. */
export const notificationSettingsRequest = notificationSettingsSchema;

/** `POST /api/registration-reminders`: `dry_run` (the default) only counts who would receive it. */
export const registrationRemindersRequest = z.object({ dry_run: z.boolean({ message: 'dry_run must be true or false.' }).default(true) });
export type RegistrationRemindersRequest = z.input<typeof registrationRemindersRequest>;

/** `POST /api/messages/{id}/retry`: nothing beside the message's id. */
export const retryMessageRequest = z.object({});

/** `GET /api/notifications/stop`: the signed token of a parent's stop link. */
export const notificationStopQuery = z.object({ token: z.string().min(1).max(2000) });
