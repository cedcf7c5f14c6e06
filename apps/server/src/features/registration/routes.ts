import {
  confirmStepRequest,
  errorResponses,
  formLevelParam,
  recordConflictSchema,
  registrationSchema,
  registrationStatusRequest,
  registrationStatusSchema,
  registrationWindowSchema,
  readStudentSave,
  savedRecordSchema,
  stepConfirmedSchema,
  studentSaveSchema,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor, signedInActor, studentOfParams } from '../../session/access.ts';
import { preloadForStudent } from '../../session/preload.ts';
import { registrationRepository } from './repository.ts';
import { confirmStep, loadRegistration, saveStudentRecord } from './service.ts';
import { listRegistrationStatuses, updateRegistrationStatus, windowForFormLevel } from './status-service.ts';
import { recordReadGuard } from '../export-guard/index.ts';

/**
 * The autosave's body (the route's only part with a schema): a body with the shape of a save
 * goes on with its values not yet judged (`readStudentSave`); the service judges those that change
 * the stored record (decision 031). The schema itself parses any other body and words its errors.
 */
const bySaveSchema = validatorCompiler({ schema: studentSaveSchema, method: 'POST', url: '/api/student', httpPart: 'body' });
const studentSaveValidator = () => (data: unknown) => {
  const value = readStudentSave(data);
  return value ? { value } : bySaveSchema(data);
};

/** A student's autosave reads her record with her session (decision 033); the save reads it itself otherwise. */
const ownRecordForSave = preloadForStudent(registrationRepository.recordForSave);

/** The registration record, its autosave, and the registration window per form level (SPEC §2, §4). */
export async function registrationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/student/:id',
    {
      config: { access: 'self or records:read', studentIdFrom: studentOfParams },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: registrationSchema, ...errorResponses } },
      preHandler: recordReadGuard(deps, studentOfParams),
    },
    async (request) => loadRegistration(deps, signedInActor(request), request.params.id),
  );

  app.post(
    '/api/student',
    {
      config: {
        access: 'self or records:write',
        studentIdFrom: (request) => (request.body as { id?: string } | undefined)?.id,
        preload: ownRecordForSave,
      },
      schema: { body: studentSaveSchema, response: { 200: savedRecordSchema, 409: recordConflictSchema, ...errorResponses } },
      validatorCompiler: studentSaveValidator,
    },
    async (request) => saveStudentRecord(deps, signedInActor(request), request.body, ownRecordForSave.of(request)),
  );

  // 'Nothing has changed': a student's own step reviewed without an edit (decision 026).
  app.post(
    '/api/registration/confirm-step',
    {
      config: { access: 'signed-in' },
      schema: { body: confirmStepRequest, response: { 200: stepConfirmedSchema, ...errorResponses } },
    },
    async (request) => confirmStep(deps, signedInActor(request), request.body.step),
  );

  app.get(
    '/api/student-registration/:form_level',
    {
      config: { access: 'signed-in' },
      schema: { params: z.object({ form_level: formLevelParam }), response: { 200: registrationWindowSchema, ...errorResponses } },
    },
    async (request) => windowForFormLevel(deps, request.params.form_level),
  );

  app.get(
    '/api/registration-status',
    { config: { access: 'settings' }, schema: { response: { 200: z.array(registrationStatusSchema), ...errorResponses } } },
    async () => listRegistrationStatuses(deps),
  );

  app.put(
    '/api/registration-status/:form_level',
    {
      config: { access: 'settings' },
      schema: {
        params: z.object({ form_level: formLevelParam }),
        body: registrationStatusRequest,
        response: { 200: registrationStatusSchema, ...errorResponses },
      },
    },
    async (request) => updateRegistrationStatus(deps, adminActor(request), { formLevel: request.params.form_level, ...request.body }),
  );
}
