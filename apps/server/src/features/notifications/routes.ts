import {
  binaryResponse,
  errorResponses,
  messagesQuery,
  notificationPreviewSchema,
  notificationSettingsRequest,
  notificationSettingsSchema,
  notificationStopQuery,
  notificationStopsSchema,
  outboxMessageSchema,
  outboxPageSchema,
  registrationRemindersAnswerSchema,
  registrationRemindersRequest,
  renderedMessageSchema,
  retryMessageRequest,
  rowIdParams,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../session/access.ts';
import { staffChangeGuard } from '../../session/step-up.ts';
import { stopPage, type StopPageState } from './stop-page.ts';
import {
  notificationStopsOf,
  previewMessages,
  stopAbsenceMessages,
  stopLinkState,
  listMessages,
  readNotificationSettings,
  renderedMessage,
  retryMessage,
  saveNotificationSettings,
  sendRegistrationReminders,
} from './service.ts';

/** Notifications (decision 047): the admin's Messages screen and the school's settings of what is sent. */
export async function notificationsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/messages',
    { config: { access: 'records:read' }, schema: { querystring: messagesQuery, response: { 200: outboxPageSchema, ...errorResponses } } },
    async (request) => listMessages(deps, adminActor(request), request.query),
  );

  app.get(
    '/api/messages/:id',
    { config: { access: 'records:read' }, schema: { params: rowIdParams, response: { 200: renderedMessageSchema, ...errorResponses } } },
    async (request) => renderedMessage(deps, adminActor(request), request.params.id),
  );

  app.post(
    '/api/messages/:id/retry',
    {
      config: { access: 'records:write' },
      schema: { params: rowIdParams, body: retryMessageRequest, response: { 200: outboxMessageSchema, ...errorResponses } },
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

  /** A stop link's page with its status: 400 for a link that is not valid, 410 for one whose school year is over. */
  const sendStopPage = (reply: FastifyReply, state: StopPageState) =>
    reply
      .code(state === 'invalid' ? 400 : state === 'expired' ? 410 : 200)
      .type('text/html; charset=utf-8')
      .send(stopPage(deps.config.schoolName, state));
  const stopPageResponses = { 200: binaryResponse('text/html'), 400: binaryResponse('text/html'), 410: binaryResponse('text/html'), ...errorResponses };

  // The page's button posts an empty HTML form: its body is read as nothing (the token is in the address).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  app.get(
    '/api/notifications/stop',
    { config: { access: 'visitor' }, schema: { querystring: notificationStopQuery, response: stopPageResponses } },
    async (request, reply) => {
      const state = await stopLinkState(deps, request.query.token);
      return sendStopPage(reply, state === 'valid' ? 'confirm' : state);
    },
  );

  app.post(
    '/api/notifications/stop',
    // A plain HTML form from the parent's mail: the signed token is what authenticates it, not a session's CSRF token.
    { config: { access: 'visitor', csrf: false }, schema: { querystring: notificationStopQuery, response: stopPageResponses } },
    async (request, reply) => sendStopPage(reply, await stopAbsenceMessages(deps, request.actor, request.query.token)),
  );

  app.get(
    '/api/notification-stops/:student_id',
    {
      // Named for the access check: a guardian is answered as for a girl who does not exist (decision 063).
      config: { access: 'records:read', studentIdFrom: (request: FastifyRequest) => (request.params as { student_id?: string }).student_id },
      schema: {
        params: z.object({ student_id: studentIdParam }),
        response: { 200: notificationStopsSchema, ...errorResponses },
      },
    },
    async (request) => notificationStopsOf(deps, request.params.student_id),
  );
}
