import {
  addPasskeyRequest,
  errorResponses,
  guardianSecondFactorSchema,
  invitationIdParams,
  messageSchema,
  guardianSignInSchema,
  noContent,
  passkeyAssertionRequest,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyOptionsRequest,
  passkeyRequestOptionsSchema,
  recoveryCodesSchema,
  rowIdParams,
  secondFactorRequest,
  totpEnrolmentRequest,
  totpEnrolmentSchema,
  turnOffSecondFactorRequest,
} from '@school/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor, guardianActor } from '../../session/access.ts';
import { staffChangeGuard } from '../../session/step-up.ts';
import { answerWithSession } from '../../session/sessions.ts';
import {
  addOwnPasskey,
  confirmOwnTotp,
  listOwnPasskeys,
  ownPasskeyOptions,
  readSecondFactor,
  removeOwnPasskey,
  resetGuardianFactors,
  signInPasskeyOptions,
  signInWithCode,
  signInWithPasskey,
  startTotp,
  turnOffSecondFactor,
} from './second-factor.ts';

/**
 * A guardian's optional second factor (decision 062), the staff's kind: the code or passkey that
 * completes her sign-in (from the session that waits for it, which reads as a visitor's), and on her
 * account page her authenticator app, her passkeys, and turning it all off with her password.
 */
export async function guardianSecondFactorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const own = { access: 'guardian' } as const;

  // Her sign-in's second step.
  app.post(
    '/api/guardian-login/second-factor',
    { config: { access: 'visitor' }, schema: { body: secondFactorRequest, response: { 200: guardianSignInSchema, ...errorResponses } } },
    async (request, reply) => answerWithSession(reply, deps.config, await signInWithCode(deps, request.actor, request.body.code)),
  );

  app.post(
    '/api/guardian-login/passkey/options',
    { config: { access: 'visitor' }, schema: { body: passkeyOptionsRequest, response: { 200: passkeyRequestOptionsSchema, ...errorResponses } } },
    async (request) => signInPasskeyOptions(deps, request.actor),
  );

  app.post(
    '/api/guardian-login/passkey',
    { config: { access: 'visitor' }, schema: { body: passkeyAssertionRequest, response: { 200: guardianSignInSchema, ...errorResponses } } },
    async (request, reply) =>
      answerWithSession(reply, deps.config, await signInWithPasskey(deps, request.actor, request.body.response as AuthenticationResponseJSON)),
  );

  // Her account page.
  app.get(
    '/api/guardian/account/second-factor',
    { config: own, schema: { response: { 200: guardianSecondFactorSchema, ...errorResponses } } },
    async (request) => readSecondFactor(deps, guardianActor(request)),
  );

  app.delete(
    '/api/guardian/account/second-factor',
    { config: own, schema: { body: turnOffSecondFactorRequest, response: { 200: guardianSecondFactorSchema, ...errorResponses } } },
    async (request) => turnOffSecondFactor(deps, guardianActor(request), request.body.current_password),
  );

  app.post(
    '/api/guardian/account/totp',
    { config: own, schema: { body: totpEnrolmentRequest, response: { 200: totpEnrolmentSchema, ...errorResponses } } },
    async (request) => startTotp(deps, guardianActor(request)),
  );

  app.post(
    '/api/guardian/account/totp/confirm',
    { config: own, schema: { body: secondFactorRequest, response: { 200: recoveryCodesSchema, ...errorResponses } } },
    async (request) => confirmOwnTotp(deps, guardianActor(request), request.body.code),
  );

  app.get('/api/guardian/account/passkeys', { config: own, schema: { response: { 200: passkeyListSchema, ...errorResponses } } }, async (request) =>
    listOwnPasskeys(deps, guardianActor(request)),
  );

  app.post(
    '/api/guardian/account/passkeys/options',
    { config: own, schema: { body: passkeyOptionsRequest, response: { 200: passkeyCreationOptionsSchema, ...errorResponses } } },
    async (request) => ownPasskeyOptions(deps, guardianActor(request)),
  );

  app.post(
    '/api/guardian/account/passkeys',
    { config: own, schema: { body: addPasskeyRequest, response: { 200: passkeyListSchema, ...errorResponses } } },
    async (request) => addOwnPasskey(deps, guardianActor(request), request.body),
  );

  app.delete(
    '/api/guardian/account/passkeys/:id',
    { config: own, schema: { params: rowIdParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await removeOwnPasskey(deps, guardianActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // An admin removes a guardian's lost factor (her phone and codes gone), after a second factor of her own.
  app.delete(
    '/api/guardians/:id/second-factor',
    {
      config: { access: 'staff' },
      preHandler: staffChangeGuard(deps),
      schema: { params: invitationIdParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => resetGuardianFactors(deps, adminActor(request), request.params.id),
  );
}
