import * as contract from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { createStudent } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: unknown; description?: string }>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const openApiPath = (url: string) => url.replace(/:([a-zA-Z_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every call, with the schemas of its request and its answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toBe('3.1.0');

    const calls = t.app.routeTable.filter((route) => !route.webAppFile && !route.url.startsWith('/api/docs'));
    expect(calls.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of calls) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!operation) {
        problems.push(`${name} is missing`);
        continue;
      }
      // A call a browser is sent to (the provider's sign-in) succeeds with a redirect, which has no body.
      const success = Object.entries(operation.responses).filter(([code]) => code.startsWith('2') || code === '303');
      if (success.length === 0) problems.push(`${name} has no success answer`);
      for (const [code, answer] of success)
        if (code !== '204' && code !== '303' && !Object.values(answer.content ?? {}).some((body) => body.schema))
          problems.push(`${name} ${code} has no schema`);
      for (const code of ['4XX', '5XX']) if (!operation.responses[code]?.content?.['application/json']?.schema) problems.push(`${name} has no ${code} schema`);
      // Sign-out and the stop page's button (an empty HTML form, its token in the query) send no body.
      const bodiless = ['/logout', '/api/notifications/stop'];
      if (['POST', 'PUT'].includes(route.method) && !operation.requestBody && !bodiless.includes(route.url)) problems.push(`${name} has no request body`);
    }
    expect(problems).toEqual([]);
    // SPEC §7's calls, spelled as the spec spells them.
    for (const path of [
      '/sanctum/csrf-cookie',
      '/api/login-student',
      '/api/user/{student_id}',
      '/api/admin-login',
      '/api/student-record/{id}',
      '/logout',
      '/api/student',
      '/api/students',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.paths['/api/registration-form/{id}'].get.responses['200'].content).toHaveProperty(['application/pdf']);
  });

  it('holds no student data', async () => {
    const student = await createStudent(t.db, { first_name: 'Zenobia', last_name: 'Quashie-Ramkissoon' });
    const body = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(body).not.toContain('Zenobia');
    expect(body).not.toContain('Quashie');
    expect(body).not.toContain(student.id);
  });
});

/**
 * Each call's request rule, from the contract (decision 037): a JSON body, a multipart form (whose
 * `file` part the route adds), or a query. Every call the document gives a body or a query is here.
 */
const requestRules: Record<string, { body?: z.ZodType; form?: z.ZodObject; query?: z.ZodObject }> = {
  'POST /api/login-student': { body: contract.studentSignInRequest },
  'POST /api/admin-login': { body: contract.adminSignInRequest },
  'POST /api/admin-login/second-factor': { body: contract.secondFactorRequest },
  'POST /api/account/totp': { body: contract.totpEnrolmentRequest },
  'POST /api/account/totp/confirm': { body: contract.secondFactorRequest },
  'POST /api/account/enrolment-code': { body: contract.enrolmentCodeRequest },
  'POST /api/account/enrolment-code/confirm': { body: contract.secondFactorRequest },
  'POST /api/account/step-up': { body: contract.secondFactorRequest },
  'POST /api/account/passkeys/options': { body: contract.passkeyOptionsRequest },
  'POST /api/account/passkeys': { body: contract.addPasskeyRequest },
  'POST /api/account/step-up/passkey/options': { body: contract.passkeyOptionsRequest },
  'POST /api/account/step-up/passkey': { body: contract.passkeyAssertionRequest },
  'POST /api/admin-login/passkey/options': { body: contract.passkeyOptionsRequest },
  'POST /api/admin-login/passkey': { body: contract.passkeyAssertionRequest },
  'POST /api/change-password-student': { body: contract.changeStudentPasswordRequest },
  'POST /api/admin/change-password': { body: contract.changeAdminPasswordRequest },
  'POST /api/check-current-password': { body: contract.checkCurrentPasswordRequest },
  'POST /api/reset-password-student': { body: contract.resetStudentPasswordRequest },
  'PUT /api/students/{id}/school-account': { body: contract.schoolAccountRequest },
  'GET /api/student-lookup': { query: contract.studentLookupQuery },
  'GET /api/auth/oidc/start': { query: contract.providerSignInStartQuery },
  'POST /api/student': { body: contract.studentSaveSchema },
  'POST /api/registration/confirm-step': { body: contract.confirmStepRequest },
  'PUT /api/registration-status/{form_level}': { body: contract.registrationStatusRequest },
  'POST /api/store-file': { form: contract.storeFileRequest },
  'DELETE /api/file': { query: contract.deleteFileQuery },
  'POST /api/student-data-files': { body: contract.studentDataFileRequest },
  'POST /api/post-term-reports': { body: contract.postTermReportsRequest },
  'POST /api/term-results/import': { form: contract.termFileRequest },
  'POST /api/report-cards/upload': { form: contract.termFileRequest },
  'POST /api/student-import': { form: contract.studentImportRequest },
  'GET /api/registration-data-spreadsheet': { query: contract.leaversQuery },
  'GET /api/registration-report/all': { query: contract.leaversQuery },
  'GET /api/parents-contact/{classId}': { query: contract.leaversQuery },
  'GET /api/parents-contact/{classId}/pdf': { query: contract.leaversQuery },
  'GET /api/parents-contact/{classId}/xlsx': { query: contract.leaversQuery },
  'PUT /api/term-calendar': { body: contract.termCalendarRequest },
  'POST /api/attendance-import': { form: contract.attendanceImportRequest },
  'POST /api/attendance-scans': { body: contract.scannerBatchRequest },
  'GET /api/audit': { query: contract.auditQuery },
  'GET /api/audit/csv': { query: contract.auditQuery },
  'GET /api/oneroster.zip': { query: contract.oneRosterQuery },
  'POST /api/staff': { body: contract.newStaffRequest },
  'PATCH /api/staff/{username}': { body: contract.staffChangeRequest },
  'PUT /api/account/email': { body: contract.ownEmailRequest },
  'POST /api/school-year/rollover': { body: contract.rolloverRequest },
  'POST /api/school-year/undo': { body: contract.undoRolloverRequest },
  'POST /api/retention/erase': { body: contract.retentionEraseRequest },
  'POST /api/students/{id}/left': { body: contract.markLeftRequest },
  'GET /api/messages': { query: contract.messagesQuery },
  'POST /api/messages/{id}/retry': { body: contract.retryMessageRequest },
  'PUT /api/notification-settings': { body: contract.notificationSettingsRequest },
  'POST /api/registration-reminders': { body: contract.registrationRemindersRequest },
  'GET /api/notifications/stop': { query: contract.notificationStopQuery },
  'POST /api/notifications/stop': { query: contract.notificationStopQuery },
  // Guardian accounts (decision 062).
  'POST /api/guardian-login': { body: contract.guardianSignInRequest },
  'POST /api/guardian-password/forgot': { body: contract.guardianForgotRequest },
  'POST /api/guardian-password/reset': { body: contract.guardianResetRequest },
  'POST /api/guardian-invitations': { body: contract.guardianInvitationRequest },
  'POST /api/guardian-invitations/class': { body: contract.classInvitationsRequest },
  'GET /api/guardian-invitations': { query: contract.invitationsQuery },
  'POST /api/guardian-invitations/{id}/resend': { body: contract.resendInvitationRequest },
  'GET /api/guardian-invitations/preview': { query: contract.invitationPreviewQuery },
  'POST /api/guardian-invitations/accept': { body: contract.acceptInvitationRequest },
  'PATCH /api/guardian/account': { body: contract.guardianAccountRequest },
  'POST /api/guardian/change-password': { body: contract.guardianChangePasswordRequest },
  'GET /api/guardian/messages': { query: contract.guardianMessagesQuery },
  // A guardian's optional second factor (decision 062).
  'POST /api/guardian-login/second-factor': { body: contract.secondFactorRequest },
  'POST /api/guardian-login/passkey/options': { body: contract.passkeyOptionsRequest },
  'POST /api/guardian-login/passkey': { body: contract.passkeyAssertionRequest },
  'DELETE /api/guardian/account/second-factor': { body: contract.turnOffSecondFactorRequest },
  'POST /api/guardian/account/totp': { body: contract.totpEnrolmentRequest },
  'POST /api/guardian/account/totp/confirm': { body: contract.secondFactorRequest },
  'POST /api/guardian/account/passkeys/options': { body: contract.passkeyOptionsRequest },
  'POST /api/guardian/account/passkeys': { body: contract.addPasskeyRequest },
  // family
  'POST /api/guardian-links': { body: contract.letterLinkRequest },
  'GET /api/guardians': { query: contract.guardianSearchQuery },
  'PATCH /api/guardian-links/{id}': { body: contract.linkChangeRequest },
  'POST /api/contact-changes': { body: contract.contactChangeRequest },
  'GET /api/contact-changes': { query: contract.contactChangesQuery },
  'PATCH /api/contact-changes/{id}': { body: contract.contactChangeAnswerRequest },
  // Absence notes (decision 065): a note comes as a form with its optional file, or as JSON without one.
  'POST /api/absence-notes': { form: contract.absenceNoteRequest },
  'GET /api/absence-notes': { query: contract.absenceNotesQuery },
  'PATCH /api/absence-notes/{id}': { body: contract.absenceNoteAnswerRequest },
  // consent forms (decision 067)
  'POST /api/consents': { body: contract.consentFormRequest },
  'PATCH /api/consents/{id}': { body: contract.consentFormChangeRequest },
  'GET /api/consents/{id}/answers/csv': { query: contract.consentDownloadQuery },
  'GET /api/consents/{id}/answers/pdf': { query: contract.consentDownloadQuery },
  'POST /api/consents/{id}/reminders': { body: contract.consentRemindersRequest },
  'PUT /api/consent-settings': { body: contract.consentSettingsRequest },
  'POST /api/consents/{id}/answers': { body: contract.consentAnswerRequest },
};

/** `const: x` as the document writes it, `enum: [x]`. */
const constAsEnum = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(constAsEnum);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => (key === 'const' ? ['enum', [inner]] : [key, constAsEnum(inner)]));
  return Object.fromEntries(entries);
};

/** A request schema as the document shows it: its JSON Schema for what a client sends, made as the app makes it. */
const documented = (schema: z.ZodType): JsonSchema =>
  constAsEnum(
    (jsonSchemaTransform({ schema: { body: schema }, url: '/rule', openapiObject: { openapi: '3.1.0' } } as never).schema as { body: JsonSchema }).body,
  ) as JsonSchema;

describe('the request rules in the document', () => {
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });

  it("shows each call's body and query as the contract's rule, and every call with a body or a query has one there", () => {
    const taking = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody || operation.parameters?.some((parameter) => parameter.in === 'query'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(taking.sort()).toEqual(Object.keys(requestRules).sort());

    for (const [call, rule] of Object.entries(requestRules)) {
      const [method, path] = call.split(' ');
      const operation = paths[path][method.toLowerCase()];
      if (rule.body) expect(operation.requestBody?.content['application/json'].schema, call).toEqual(documented(rule.body));
      if (rule.form) {
        const { properties, required = [], ...rest } = operation.requestBody!.content['multipart/form-data'].schema;
        const { file, ...fields } = properties!;
        expect(file, call).toEqual({ type: 'string', format: 'binary' });
        const expected = documented(rule.form);
        expect({ ...rest, properties: fields, required: required.filter((name) => name !== 'file') }, call).toEqual({ required: [], ...expected });
      }
      if (rule.query) {
        const shown = operation.parameters!.filter((parameter) => parameter.in === 'query');
        const expected = documented(rule.query);
        // The document carries a query field's description on the parameter, beside its schema.
        const schemaOf = (parameter: (typeof shown)[number]) =>
          parameter.description === undefined ? parameter.schema : { ...(parameter.schema as object), description: parameter.description };
        expect(Object.fromEntries(shown.map((parameter) => [parameter.name, schemaOf(parameter)])), call).toEqual(expected.properties);
        expect(
          shown.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          call,
        ).toEqual(expected.required ?? []);
      }
    }
  });

  it('shows one dry_run on every import and bulk upload: true (a check) unless false is sent', () => {
    const imports = ['/api/student-import', '/api/term-results/import', '/api/report-cards/upload', '/api/attendance-import'];
    for (const path of imports) {
      const { properties, required = [] } = paths[path].post.requestBody!.content['multipart/form-data'].schema;
      expect(properties?.dry_run, path).toEqual({
        type: 'string',
        enum: ['true', 'false'],
        default: 'true',
        description: 'true (the default) only checks the file and changes nothing; false imports it.',
      });
      expect(required, path).not.toContain('dry_run');
    }
  });
});

describe('/api/docs', () => {
  it('serves a page and its scripts from this origin under the app’s Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/static/')).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode).toBe(200);
      if (!source.endsWith('.html')) expect(asset.headers['cache-control']).toBe('public, max-age=3600');
    }
    expect(page.body).not.toMatch(/<script>[^<]/);
  });
});
