import {
  binaryResponse,
  errorResponses,
  notificationStopQuery,
  notificationStopsSchema,
  retryMessageRequest,
  messagesQuery,
  notificationSettingsRequest,
  notificationPreviewSchema,
  notificationSettingsSchema,
  outboxMessageSchema,
  outboxPageSchema,
  registrationRemindersAnswerSchema,
  registrationRemindersRequest,
  renderedMessageSchema,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../session/access.ts';
import { staffChangeGuard } from '../../session/step-up.ts';
import { stopPage } from './stop-page.ts';
import {
  notificationStopsOf,
  previewMessages,
  stopAbsenceMessages,
  listMessages,
  readNotificationSettings,
  renderedMessage,
  retryMessage,
  saveNotificationSettings,
  sendRegistrationReminders,
} from './service.ts';

const messageId = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** Notifications (decision 047): the admin's Messages screen and the school's settings of what is sent. */
export async function notificationsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/messages',
    { config: { access: 'records:read' }, schema: { querystring: messagesQuery, response: { 200: outboxPageSchema, ...errorResponses } } },
    async (request) => listMessages(deps, request.query),
  );

  app.get(
    '/api/messages/:id',
    { config: { access: 'records:read' }, schema: { params: messageId, response: { 200: renderedMessageSchema, ...errorResponses } } },
    async (request) => renderedMessage(deps, request.params.id),
  );

  app.post(
    '/api/messages/:id/retry',
    {
      config: { access: 'records:write' },
      schema: { params: messageId, body: retryMessageRequest, response: { 200: outboxMessageSchema, ...errorResponses } },
    },
    async (request) => retryMessage(deps, adminActor(request), request.params.id),
  );

  app.get(
    '/api/notification-settings',
    { config: { access: 'settings' }, schema: { response: { 200: notificationSettingsSchema, ...errorResponses } } },
    async () => readNotificationSettings(deps),
  );

  app.get(
    '/api/notification-settings/preview',
    { config: { access: 'settings' }, schema: { response: { 200: notificationPreviewSchema, ...errorResponses } } },
    async () => previewMessages(deps),
  );

  app.put(
    '/api/notification-settings',
    {
      config: { access: 'settings' },
      schema: { body: notificationSettingsRequest, response: { 200: notificationSettingsSchema, ...errorResponses } },
      preHandler: staffChangeGuard(deps),
    },
    async (request) => saveNotificationSettings(deps, adminActor(request), request.body),
  );

  app.post(
    '/api/registration-reminders',
    {
      config: { access: 'settings' },
      schema: { body: registrationRemindersRequest, response: { 200: registrationRemindersAnswerSchema, ...errorResponses } },
    },
    async (request) => sendRegistrationReminders(deps, adminActor(request), request.body),
  );

  app.get(
    '/api/notifications/stop',
    {
      config: { access: 'visitor' },
      schema: {
        querystring: notificationStopQuery,
        response: { 200: binaryResponse('text/html'), 400: binaryResponse('text/html'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const stopped = await stopAbsenceMessages(deps, request.actor, request.query.token);
      return reply
        .code(stopped ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(stopPage(deps.config.schoolName, stopped));
    },
  );

  app.get(
    '/api/notification-stops/:student_id',
    {
      config: { access: 'records:read' },
      schema: {
        params: z.object({ student_id: studentIdParam }),
        response: { 200: notificationStopsSchema, ...errorResponses },
      },
    },
    async (request) => notificationStopsOf(deps, request.params.student_id),
  );
}
