import {
  addPasskeyRequest,
  adminSignInSchema,
  errorResponses,
  messageSchema,
  noContent,
  passkeyAssertionRequest,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyOptionsRequest,
  passkeyRequestOptionsSchema,
  rowIdParams,
} from '@school/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActor } from '../../session/access.ts';
import { answerWithSession } from '../../session/sessions.ts';
import { addPasskey, listPasskeys, passkeyCreationOptions } from './passkeys.ts';
import { removeStaffPasskey, signInPasskeyOptions, signInWithPasskey, staffFactors, stepUpPasskeyOptions, stepUpWithPasskey } from './staff-second-factor.ts';
import { requireVerifiedEnrolment } from './enrolment-verification.ts';
import { staffOnly } from './second-factor-routes.ts';

/**
 * Passkeys (WebAuthn) as a staff member's second factor (decision 043): adding, listing and
 * removing them on her account page, and giving one in place of a code at sign-in (from the session
 * that waits for its second factor, which reads as a visitor's) and before a bulk export.
 */
export async function passkeyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const account = { access: 'signed-in' } as const;
  // Registering a passkey sets up a second factor: open to staff who must set one up first (decision 043).
  const enrolment = { ...account, enrolsSecondFactor: true } as const;

  app.post(
    '/api/account/passkeys/options',
    {
      config: enrolment,
      preValidation: staffOnly,
      schema: { body: passkeyOptionsRequest, response: { 200: passkeyCreationOptionsSchema, ...errorResponses } },
      preHandler: requireVerifiedEnrolment,
    },
    async (request) => passkeyCreationOptions(deps, staffFactors(deps, adminActor(request))),
  );

  app.get(
    '/api/account/passkeys',
    { config: account, preValidation: staffOnly, schema: { response: { 200: passkeyListSchema, ...errorResponses } } },
    async (request) => listPasskeys(deps, { kind: 'staff', id: adminActor(request).adminId }),
  );

  app.post(
    '/api/account/passkeys',
    {
      config: enrolment,
      preValidation: staffOnly,
      schema: { body: addPasskeyRequest, response: { 200: passkeyListSchema, ...errorResponses } },
      preHandler: requireVerifiedEnrolment,
    },
    async (request) => addPasskey(deps, staffFactors(deps, adminActor(request)), request.body),
  );

  app.delete(
    '/api/account/passkeys/:id',
    { config: account, preValidation: staffOnly, schema: { params: rowIdParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await removeStaffPasskey(deps, adminActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account/step-up/passkey/options',
    { config: account, preValidation: staffOnly, schema: { body: passkeyOptionsRequest, response: { 200: passkeyRequestOptionsSchema, ...errorResponses } } },
    async (request) => stepUpPasskeyOptions(deps, adminActor(request)),
  );

  app.post(
    '/api/account/step-up/passkey',
    { config: account, preValidation: staffOnly, schema: { body: passkeyAssertionRequest, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => stepUpWithPasskey(deps, adminActor(request), request.body.response as AuthenticationResponseJSON),
  );

  app.post(
    '/api/admin-login/passkey/options',
    { config: { access: 'visitor' }, schema: { body: passkeyOptionsRequest, response: { 200: passkeyRequestOptionsSchema, ...errorResponses } } },
    async (request) => signInPasskeyOptions(deps, request.actor),
  );

  app.post(
    '/api/admin-login/passkey',
    { config: { access: 'visitor' }, schema: { body: passkeyAssertionRequest, response: { 200: adminSignInSchema, ...errorResponses } } },
    async (request, reply) =>
      answerWithSession(
        reply,
        deps.config,
        await signInWithPasskey(deps, request.actor, request.body.response as AuthenticationResponseJSON, request.headers['user-agent']),
      ),
  );
}
