import { z } from 'zod';
import { messageKinds, messageStatuses, notificationKinds } from '../notifications.ts';

/** One message of `GET /api/messages`: never its body (that is `GET /api/messages/{id}`). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** `GET /api/messages`: one page, newest first, with the count of every message the filters match, and whether mail goes out. */
export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int(),
  mail_server: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** `GET /api/messages/{id}`: the message as its recipient reads it. */
export const renderedMessageSchema = outboxMessageSchema.extend({ text: z.string(), html: z.string() });
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;

/** `GET|PUT /api/notification-settings`: which kinds the school sends. */
export const notificationSettingsSchema = z.object(
  Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<(typeof notificationKinds)[number], z.ZodBoolean>,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `GET /api/notification-settings/preview`: a sample of each kind's message, about a made-up student. */
export const notificationPreviewSchema = z.array(z.object({ kind: z.enum(notificationKinds), subject: z.string(), text: z.string() }));
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

/** `POST /api/registration-reminders`: how many students have not finished, and how many addresses get (or would get) the reminder. */
export const registrationRemindersAnswerSchema = z.object({ dry_run: z.boolean(), students: z.number().int(), recipients: z.number().int() });
export type RegistrationRemindersAnswer = z.infer<typeof registrationRemindersAnswerSchema>;

/** `GET /api/notification-stops/{student id}`: the addresses that stopped a kind of message about the student with its link. */
export const notificationStopsSchema = z.array(z.object({ recipient: z.string(), kind: z.enum(notificationKinds), stopped_at: z.string() }));
export type NotificationStops = z.infer<typeof notificationStopsSchema>;
