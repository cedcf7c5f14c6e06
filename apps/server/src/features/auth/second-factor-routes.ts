import {
  adminSignInSchema,
  enrolmentCodeRequest,
  errorResponses,
  messageSchema,
  noContent,
  recoveryCodesSchema,
  secondFactorRequest,
  staffAccountSchema,
  totpEnrolmentRequest,
  totpEnrolmentSchema,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../session/access.ts';
import { answerWithSession } from '../../session/sessions.ts';
import { confirmEnrolmentCode, requireVerifiedEnrolment, sendEnrolmentCode } from './enrolment-verification.ts';
import { confirmTotp, startTotpEnrolment } from './second-factor.ts';
import { endStaffSession, signInSecondFactor, staffAccount, staffFactors, stepUp } from './staff-second-factor.ts';

const sessionParams = z.object({ id: z.string().min(1).max(64) });

/** Refuses a student before her body is read: the account calls are a staff member's (`signed-in` lets both in). */
export const staffOnly = async (request: FastifyRequest) => {
  adminActor(request);
};

/**
 * A staff member's second factor (decision 043): the code that completes a sign-in, enrolling an
 * authenticator app, the step-up before a bulk export, and her account page (factor and sessions).
 * The account calls are `signed-in` and answer staff only; enrolling is open to staff who must set
 * up a factor before anything else (STAFF_MFA=required).
 */
export async function secondFactorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/api/admin-login/second-factor',
    { config: { access: 'visitor' }, schema: { body: secondFactorRequest, response: { 200: adminSignInSchema, ...errorResponses } } },
    async (request, reply) =>
      answerWithSession(reply, deps.config, await signInSecondFactor(deps, request.actor, request.body.code, request.headers['user-agent'])),
  );

  app.post(
    '/api/account/totp',
    {
      config: { access: 'signed-in', enrolsSecondFactor: true },
      preValidation: staffOnly,
      schema: { body: totpEnrolmentRequest, response: { 200: totpEnrolmentSchema, ...errorResponses } },
      preHandler: requireVerifiedEnrolment,
    },
    async (request) => startTotpEnrolment(deps, staffFactors(deps, adminActor(request))),
  );

  app.post(
    '/api/account/totp/confirm',
    {
      config: { access: 'signed-in', enrolsSecondFactor: true },
      preValidation: staffOnly,
      schema: { body: secondFactorRequest, response: { 200: recoveryCodesSchema, ...errorResponses } },
      preHandler: requireVerifiedEnrolment,
    },
    async (request) => confirmTotp(deps, staffFactors(deps, adminActor(request)), request.body.code),
  );

  // Where the school requires a factor, a first one is enrolled only once the session shows it is hers (decision 057).
  app.post(
    '/api/account/enrolment-code',
    {
      config: { access: 'signed-in', enrolsSecondFactor: true },
      preValidation: staffOnly,
      schema: { body: enrolmentCodeRequest, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => sendEnrolmentCode(deps, adminActor(request), request.body.current_password),
  );

  app.post(
    '/api/account/enrolment-code/confirm',
    {
      config: { access: 'signed-in', enrolsSecondFactor: true },
      preValidation: staffOnly,
      schema: { body: secondFactorRequest, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => confirmEnrolmentCode(deps, adminActor(request), request.body.code),
  );

  app.post(
    '/api/account/step-up',
    { config: { access: 'signed-in' }, preValidation: staffOnly, schema: { body: secondFactorRequest, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => stepUp(deps, adminActor(request), request.body.code),
  );

  app.get(
    '/api/account',
    { config: { access: 'signed-in' }, preValidation: staffOnly, schema: { response: { 200: staffAccountSchema, ...errorResponses } } },
    async (request) => staffAccount(deps, adminActor(request)),
  );

  app.delete(
    '/api/account/sessions/:id',
    { config: { access: 'signed-in' }, preValidation: staffOnly, schema: { params: sessionParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await endStaffSession(deps, adminActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
