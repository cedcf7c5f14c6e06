import {
  acceptedInvitationSchema,
  acceptInvitationRequest,
  classInvitationsRequest,
  classInvitationsSchema,
  errorResponses,
  guardianAccountRequest,
  guardianAccountSchema,
  guardianChangePasswordRequest,
  guardianForgotRequest,
  guardianInvitationRequest,
  guardianInvitationSchema,
  guardianInvitationsSchema,
  guardianMessagesPageSchema,
  guardianMessagesQuery,
  guardianResetRequest,
  guardianSignInRequest,
  guardianSignInSchema,
  invitationIdParams,
  invitationPreviewQuery,
  invitationPreviewSchema,
  invitationsQuery,
  messageSchema,
  noContent,
  resendInvitationRequest,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor, guardianActor } from '../../session/access.ts';
import { answerWithSession } from '../../session/sessions.ts';
import { answerSignIn, DEVICE_COOKIE, signInAddressLimits } from '../auth/index.ts';
import { acceptInvitation, cancelInvitation, invite, inviteClass, listInvitations, previewInvitation, resendInvitation } from './invitations.ts';
import { askPasswordReset, changePassword, guardianAccount, listOwnMessages, readAccount, resetPassword, saveAccount, signInGuardian } from './service.ts';

/**
 * Guardians' accounts (decision 062): their sign-in and passwords, the invitations office and admin
 * staff send to link one to a student, and her own account page.
 */
export async function guardiansRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // The same per-address counts as the students' and staff's sign-ins.
  const underAddressLimit = signInAddressLimits(deps);

  // Sign-in and passwords.
  app.post(
    '/api/guardian-login',
    { config: { access: 'visitor' }, schema: { body: guardianSignInRequest, response: { 200: guardianSignInSchema, ...errorResponses } } },
    async (request, reply) => {
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      const signedIn = await underAddressLimit(request, guardianAccount(request.body.email), () =>
        signInGuardian(deps, request.actor, request.body, { deviceCookie }),
      );
      return answerSignIn(reply, deps.config, signedIn);
    },
  );

  app.post(
    '/api/guardian-password/forgot',
    { config: { access: 'visitor' }, schema: { body: guardianForgotRequest, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => askPasswordReset(deps, request.actor, request.body.email),
  );

  app.post(
    '/api/guardian-password/reset',
    { config: { access: 'visitor' }, schema: { body: guardianResetRequest, response: { 200: guardianSignInSchema, ...errorResponses } } },
    async (request, reply) => answerWithSession(reply, deps.config, await resetPassword(deps, request.actor, request.body)),
  );

  // Invitations: office and admin staff (records:write) send and manage them; the invited accept.
  app.post(
    '/api/guardian-invitations',
    { config: { access: 'records:write' }, schema: { body: guardianInvitationRequest, response: { 200: guardianInvitationSchema, ...errorResponses } } },
    async (request) => invite(deps, adminActor(request), request.body),
  );

  app.post(
    '/api/guardian-invitations/class',
    { config: { access: 'records:write' }, schema: { body: classInvitationsRequest, response: { 200: classInvitationsSchema, ...errorResponses } } },
    async (request) => inviteClass(deps, adminActor(request), request.body.class_id),
  );

  app.get(
    '/api/guardian-invitations',
    { config: { access: 'records:write' }, schema: { querystring: invitationsQuery, response: { 200: guardianInvitationsSchema, ...errorResponses } } },
    async (request) => listInvitations(deps, request.query.class_id),
  );

  app.post(
    '/api/guardian-invitations/:id/resend',
    {
      config: { access: 'records:write' },
      schema: { params: invitationIdParams, body: resendInvitationRequest, response: { 200: guardianInvitationSchema, ...errorResponses } },
    },
    async (request) => resendInvitation(deps, adminActor(request), request.params.id),
  );

  app.delete(
    '/api/guardian-invitations/:id',
    { config: { access: 'records:write' }, schema: { params: invitationIdParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await cancelInvitation(deps, adminActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/guardian-invitations/preview',
    { config: { access: 'visitor' }, schema: { querystring: invitationPreviewQuery, response: { 200: invitationPreviewSchema, ...errorResponses } } },
    async (request) => previewInvitation(deps, request.query.token),
  );

  app.post(
    '/api/guardian-invitations/accept',
    { config: { access: 'visitor' }, schema: { body: acceptInvitationRequest, response: { 200: acceptedInvitationSchema, ...errorResponses } } },
    async (request, reply) => {
      const { answer, session } = await acceptInvitation(deps, request.actor, request.body);
      return session ? answerWithSession(reply, deps.config, { answer, session }) : answer;
    },
  );

  // Her own account.
  app.get(
    '/api/guardian/account',
    { config: { access: 'guardian' }, schema: { response: { 200: guardianAccountSchema, ...errorResponses } } },
    async (request) => readAccount(deps, guardianActor(request)),
  );

  app.patch(
    '/api/guardian/account',
    { config: { access: 'guardian' }, schema: { body: guardianAccountRequest, response: { 200: guardianAccountSchema, ...errorResponses } } },
    async (request) => saveAccount(deps, guardianActor(request), request.body),
  );

  app.post(
    '/api/guardian/change-password',
    { config: { access: 'guardian' }, schema: { body: guardianChangePasswordRequest, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => changePassword(deps, guardianActor(request), request.body),
  );

  app.get(
    '/api/guardian/messages',
    { config: { access: 'guardian' }, schema: { querystring: guardianMessagesQuery, response: { 200: guardianMessagesPageSchema, ...errorResponses } } },
    async (request) => listOwnMessages(deps, guardianActor(request), request.query.page),
  );
}
