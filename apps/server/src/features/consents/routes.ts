import {
  binaryResponse,
  consentAnsweredSchema,
  consentAnswerRequest,
  consentAnswersSchema,
  consentDownloadQuery,
  consentFormChangeRequest,
  consentFormRequest,
  consentFormSchema,
  consentFormsSchema,
  consentIdParams,
  consentRemindersAnswerSchema,
  consentRemindersRequest,
  consentSettingsRequest,
  consentSettingsSchema,
  errorResponses,
  fileNames,
  guardianAgreementSchema,
  guardianConsentsSchema,
  studentIdParam,
} from '@school/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/http/download.ts';
import { CSV_TYPE } from '../../lib/xlsx/index.ts';
import { adminActor, guardianActor, signedInActor } from '../../session/access.ts';
import { bulkExportGuard } from '../export-guard/index.ts';
import { answerConsent, guardianConsents } from './answering.ts';
import { consentAnswers, consentAnswersCsv, consentAnswersPdf } from './answers-list.ts';
import { changeForm, createForm, listForms, readConsentSettings, readForm, saveConsentSettings } from './forms.ts';
import { studentGuardianAgreement } from './registration-agreement.ts';
import { remindConsent } from './reminders.ts';

/** A download of every class of a form is a bulk export (decision 049); one class's is not. */
const allClasses = (request: FastifyRequest) => (request.query as { class_id?: string } | undefined)?.class_id === undefined;

/**
 * Consent forms (issue 51, decision 067): admins write them and switch the registration's agreement
 * on; office and admin staff read the answers, download them and remind who has not answered; a
 * guardian sees and answers the forms about her linked, unrestricted daughters.
 */
export async function consentsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const bulkExportOfAll = bulkExportGuard(deps, allClasses);

  // The staff's forms: admins write them; the office reads them.
  app.get('/api/consents', { config: { access: 'records:read' }, schema: { response: { 200: consentFormsSchema, ...errorResponses } } }, async () =>
    listForms(deps),
  );

  app.post(
    '/api/consents',
    { config: { access: 'settings' }, schema: { body: consentFormRequest, response: { 200: consentFormSchema, ...errorResponses } } },
    async (request) => createForm(deps, adminActor(request), request.body),
  );

  app.get(
    '/api/consents/:id',
    { config: { access: 'records:read' }, schema: { params: consentIdParams, response: { 200: consentFormSchema, ...errorResponses } } },
    async (request) => readForm(deps, request.params.id),
  );

  app.patch(
    '/api/consents/:id',
    {
      config: { access: 'settings' },
      schema: { params: consentIdParams, body: consentFormChangeRequest, response: { 200: consentFormSchema, ...errorResponses } },
    },
    async (request) => changeForm(deps, adminActor(request), request.params.id, request.body),
  );

  // Who answered what, and who has not: on the screen, as CSV and PDF, and a reminder.
  app.get(
    '/api/consents/:id/answers',
    { config: { access: 'records:read' }, schema: { params: consentIdParams, response: { 200: consentAnswersSchema, ...errorResponses } } },
    async (request) => consentAnswers(deps, adminActor(request), request.params.id),
  );

  app.get(
    '/api/consents/:id/answers/csv',
    {
      config: { access: 'records:read' },
      preHandler: bulkExportOfAll,
      schema: { params: consentIdParams, querystring: consentDownloadQuery, response: { 200: binaryResponse(CSV_TYPE), ...errorResponses } },
    },
    async (request, reply) => {
      const { form, csv } = await consentAnswersCsv(deps, adminActor(request), request.params.id, request.query.class_id);
      return sendDownload(reply, { body: Buffer.from(csv), type: CSV_TYPE, name: fileNames.consentAnswers(form.title, request.query.class_id, 'csv') });
    },
  );

  app.get(
    '/api/consents/:id/answers/pdf',
    {
      config: { access: 'records:read' },
      preHandler: bulkExportOfAll,
      schema: { params: consentIdParams, querystring: consentDownloadQuery, response: { 200: binaryResponse('application/pdf'), ...errorResponses } },
    },
    async (request, reply) => {
      const { form, pdf } = await consentAnswersPdf(deps, adminActor(request), request.params.id, request.query.class_id);
      return sendDownload(reply, {
        body: pdf,
        type: 'application/pdf',
        name: fileNames.consentAnswers(form.title, request.query.class_id, 'pdf'),
        disposition: 'inline',
      });
    },
  );

  app.post(
    '/api/consents/:id/reminders',
    {
      config: { access: 'records:write' },
      schema: { params: consentIdParams, body: consentRemindersRequest, response: { 200: consentRemindersAnswerSchema, ...errorResponses } },
    },
    async (request) => remindConsent(deps, adminActor(request), request.params.id, request.body),
  );

  // The school's switch: the yearly registration also asks a linked guardian's agreement.
  app.get('/api/consent-settings', { config: { access: 'settings' }, schema: { response: { 200: consentSettingsSchema, ...errorResponses } } }, async () =>
    readConsentSettings(deps),
  );

  app.put(
    '/api/consent-settings',
    { config: { access: 'settings' }, schema: { body: consentSettingsRequest, response: { 200: consentSettingsSchema, ...errorResponses } } },
    async (request) => saveConsentSettings(deps, adminActor(request), request.body),
  );

  // A guardian's forms and her answers (her daughters' links are checked by the service, decision 063).
  app.get(
    '/api/guardian/consents',
    { config: { access: 'guardian' }, schema: { response: { 200: guardianConsentsSchema, ...errorResponses } } },
    async (request) => guardianConsents(deps, guardianActor(request)),
  );

  app.post(
    '/api/consents/:id/answers',
    {
      config: { access: 'guardian' },
      schema: { params: consentIdParams, body: consentAnswerRequest, response: { 200: consentAnsweredSchema, ...errorResponses } },
    },
    async (request) => answerConsent(deps, guardianActor(request), request.params.id, request.body),
  );

  // Whether a guardian agreed to a girl's registration this year: her Complete step, the staff's view of her record.
  app.get(
    '/api/student/:id/guardian-agreement',
    {
      config: { access: 'self or records:read', studentIdFrom: (request: FastifyRequest) => (request.params as { id?: string }).id },
      schema: { params: z.object({ id: studentIdParam }), response: { 200: guardianAgreementSchema, ...errorResponses } },
    },
    async (request) => studentGuardianAgreement(deps, signedInActor(request), request.params.id),
  );
}
