import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSignInRequest,
  adminSignInSchema,
  changeAdminPasswordRequest,
  changeStudentPasswordRequest,
  errorResponses,
  messages,
  messageSchema,
  noContent,
  resetStudentPasswordRequest,
  schoolAccountRequest,
  schoolAccountSchema,
  schoolConfigSchema,
  sessionSchema,
  signInAlertsSchema,
  studentLookupQuery,
  studentMatchesSchema,
  studentNamesSchema,
  studentSignInRequest,
  studentSignInSchema,
  userInfoSchema,
  studentIdParam,
} from '@school/contract';
import { schoolConfig } from '../../core/config.ts';
import { adminActor, studentOfParams } from '../../session/access.ts';
import { clearSessionCookies, sendCsrfToken } from '../../session/sessions.ts';
import { DEVICE_COOKIE, type DeviceAccount } from './device-cookies.ts';
import { answerSignIn, signInAddressLimits } from './sign-in-limits.ts';
import { schoolAccountOf, setSchoolAccount } from './school-accounts.ts';
import { recentSprayAlerts } from './spray-alerts.ts';
import {
  changeAdminPassword,
  changeStudentPassword,
  describeSession,
  lookUpStudentId,
  resetStudentPassword,
  signInAdmin,
  signInStudent,
  signOut,
  studentRecordNames,
  userInfo,
} from './service.ts';

export { signInRate } from './sign-in-limits.ts';

const studentIdParams = z.object({ student_id: studentIdParam });

/**
 * The visitors' student-ID lookup per address (decision 015): a class of 300 looking up their IDs
 * within 15 minutes fits, and an address learns no more than 400 IDs an hour (it was 600).
 */
export const studentLookupRate = { max: 400, timeWindow: '1 hour' };

/** Sign-in, sign-out, passwords and the visitor's student-ID lookup (SPEC §2, §7; DESIGN §4). */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const underAddressLimit = signInAddressLimits(deps);

  app.get('/sanctum/csrf-cookie', { config: { access: 'visitor' }, schema: { response: { 204: noContent, ...errorResponses } } }, async (request, reply) => {
    await sendCsrfToken(deps, request, reply);
    return reply.code(204).send(null);
  });

  app.get('/api/config', { config: { access: 'visitor' }, schema: { response: { 200: schoolConfigSchema, ...errorResponses } } }, async () =>
    schoolConfig(deps.config),
  );

  app.get('/api/session', { config: { access: 'visitor' }, schema: { response: { 200: sessionSchema, ...errorResponses } } }, async (request) =>
    describeSession(deps, request.actor, { sessionEnded: request.sessionEnded, providerFactor: request.session?.provider_factor === 1 }),
  );

  app.post(
    '/api/login-student',
    {
      config: { access: 'visitor' },
      schema: {
        body: studentSignInRequest,
        response: { 200: studentSignInSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      const account: DeviceAccount = `student:${request.body.student_id.trim()}`;
      return answerSignIn(
        reply,
        deps.config,
        await underAddressLimit(request, account, () => signInStudent(deps, request.actor, request.body, { deviceCookie })),
      );
    },
  );

  app.post(
    '/api/admin-login',
    {
      config: { access: 'visitor' },
      schema: {
        body: adminSignInRequest,
        response: { 200: adminSignInSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      const account: DeviceAccount = `admin:${request.body.name.trim().toLowerCase()}`;
      return answerSignIn(
        reply,
        deps.config,
        await underAddressLimit(request, account, () =>
          signInAdmin(deps, request.actor, request.body, { deviceCookie, userAgent: request.headers['user-agent'] }),
        ),
      );
    },
  );

  app.post('/logout', { config: { access: 'visitor' }, schema: { response: { 204: noContent, ...errorResponses } } }, async (request, reply) => {
    await signOut(deps, request.actor);
    clearSessionCookies(reply);
    return reply.code(204).send(null);
  });

  app.get(
    '/api/user/:student_id',
    {
      config: { access: 'visitor', csrf: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: studentIdParams, response: { 200: userInfoSchema, ...errorResponses } },
    },
    async (request) => userInfo(deps, request.params.student_id, request.cookies[DEVICE_COOKIE]),
  );

  app.post(
    '/api/change-password-student',
    {
      config: { access: 'restricted' },
      schema: {
        body: changeStudentPasswordRequest,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // SPEC §7 names the new password `password`, or `reset_password` on the reset form.
      const newPassword = request.body.password ?? request.body.reset_password;
      if (!newPassword) return reply.code(422).send({ message: messages.required, errors: { password: [messages.required] } });
      return changeStudentPassword(deps, request.actor, { password: newPassword, current_password: request.body.current_password });
    },
  );

  app.post(
    '/api/admin/change-password',
    {
      config: { access: 'restricted' },
      schema: { body: changeAdminPasswordRequest, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => changeAdminPassword(deps, request.actor, request.body),
  );

  app.post(
    '/api/reset-password-student',
    {
      config: { access: 'records:write' },
      schema: {
        body: resetStudentPasswordRequest,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => resetStudentPassword(deps, adminActor(request), request.body.student_id),
  );

  // A student's school account, for signing in with the school's provider (decision 076).
  const studentParams = z.object({ id: studentIdParam });
  app.get(
    '/api/students/:id/school-account',
    {
      config: { access: 'records:read', studentIdFrom: studentOfParams },
      schema: { params: studentParams, response: { 200: schoolAccountSchema, ...errorResponses } },
    },
    async (request) => schoolAccountOf(deps, request.params.id),
  );
  app.put(
    '/api/students/:id/school-account',
    {
      config: { access: 'records:write', studentIdFrom: studentOfParams },
      schema: { params: studentParams, body: schoolAccountRequest, response: { 200: schoolAccountSchema, ...errorResponses } },
    },
    async (request) => setSchoolAccount(deps, adminActor(request), request.params.id, request.body.school_account),
  );

  app.get(
    '/api/student-record/:id',
    {
      config: { access: 'self or class:read', studentIdFrom: studentOfParams },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: studentNamesSchema, ...errorResponses } },
    },
    async (request) => studentRecordNames(deps, request.params.id),
  );

  app.get('/api/admin/sign-in-alerts', { config: { access: 'staff' }, schema: { response: { 200: signInAlertsSchema, ...errorResponses } } }, async () =>
    recentSprayAlerts(deps.db),
  );

  app.get(
    '/api/student-lookup',
    {
      config: { access: 'visitor', rateLimit: studentLookupRate },
      schema: {
        querystring: studentLookupQuery,
        response: { 200: studentMatchesSchema, ...errorResponses },
      },
    },
    async (request) => lookUpStudentId(deps, request.query),
  );
}
