import {
  errorResponses,
  healthDataSavedSchema,
  isRealDate,
  limits,
  recordConflictSchema,
  registrationSchema,
  registrationStatusSchema,
  registrationWindowSchema,
  readStudentSave,
  savedRecordSchema,
  studentSaveSchema,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor, signedInActor } from '../../session/access.ts';
import { registrationRepository, type FoundForSave } from './repository.ts';
import { loadRegistration, saveHealthData, saveStudentRecord } from './service.ts';
import { listRegistrationStatuses, updateRegistrationStatus, windowForFormLevel } from './status-service.ts';

const formLevel = z.coerce
  .number({ message: 'The form level is a number from 1 to 5.' })
  .int()
  .min(1, 'The form level is a number from 1 to 5.')
  .max(5, 'The form level is a number from 1 to 5.');

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

/** The registration record, its autosave, and the registration window per form level (SPEC §2, §4). */
export async function registrationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/student/:id',
    {
      config: { access: 'student-self', studentIdFrom: (request) => (request.params as { id?: string }).id },
      schema: { params: z.object({ id: z.string().min(1).max(limits.studentId) }), response: { 200: registrationSchema, ...errorResponses } },
    },
    async (request) => loadRegistration(deps, signedInActor(request), request.params.id),
  );

  app.post(
    '/api/student',
    {
      config: {
        access: 'student-self',
        studentIdFrom: (request) => (request.body as { id?: string } | undefined)?.id,
        readSession: registrationRepository.readSessionWithOwnRecord,
      },
      schema: { body: studentSaveSchema, response: { 200: savedRecordSchema, 409: recordConflictSchema, ...errorResponses } },
      validatorCompiler: studentSaveValidator,
    },
    async (request) => saveStudentRecord(deps, signedInActor(request), request.body, request.readAlongSession as FoundForSave | undefined),
  );

  app.post(
    '/api/student/:id/health-data',
    {
      config: { access: 'student-self', studentIdFrom: (request) => (request.params as { id?: string }).id },
      schema: {
        params: z.object({ id: z.string().min(1).max(limits.studentId) }),
        // Nothing to send: the step's fields were saved as she went; this says she has checked them.
        body: z.object({}),
        response: { 200: healthDataSavedSchema, ...errorResponses },
      },
    },
    async (request) => saveHealthData(deps, signedInActor(request), request.params.id),
  );

  app.get(
    '/api/student-registration/:form_level',
    {
      config: { access: 'signed-in' },
      schema: { params: z.object({ form_level: formLevel }), response: { 200: registrationWindowSchema, ...errorResponses } },
    },
    async (request) => windowForFormLevel(deps, request.params.form_level),
  );

  app.get(
    '/api/registration-status',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(registrationStatusSchema), ...errorResponses } } },
    async () => listRegistrationStatuses(deps),
  );

  app.put(
    '/api/registration-status/:form_level',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ form_level: formLevel }),
        body: z.object({
          open: z.union([z.literal(0), z.literal(1)], { message: 'Open is 0 or 1.' }),
          deadline_local: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: 'Enter the deadline as a date (yyyy-MM-dd) and a time (HH:mm).', abort: true })
            // 2026-13-45 or 25:00 is refused, never rolled over into another day.
            .refine((value) => isRealDate(value.slice(0, 10)), 'The deadline is not a real date: enter it as yyyy-MM-dd.')
            .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value.slice(11)), 'The deadline time is not real: enter it as HH:mm, 00:00 to 23:59.')
            .nullable(),
        }),
        response: { 200: registrationStatusSchema, ...errorResponses },
      },
    },
    async (request) => updateRegistrationStatus(deps, adminActor(request), { formLevel: request.params.form_level, ...request.body }),
  );
}
