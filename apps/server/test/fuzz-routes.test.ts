import fs from 'node:fs';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { incomingRoot } from '../src/lib/uploads/index.ts';
import { DEVICE_COOKIE } from '../src/features/auth/device-cookies.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { buildTestApp, TestClient, type TestApp } from './helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from './helpers/factories.ts';
import { testDialect } from './helpers/test-db.ts';

/**
 * Every JSON call the app registers (read from its route table, so calls added later are fuzzed
 * too) gets generated bodies, path parameters and query strings as a visitor, a student and an
 * admin, each with a valid session and CSRF token. No answer may be a 5xx, and no call made as a
 * visitor or a student may change another student's data.
 */
const RUNS_PER_ROLE = 200;
/** Calls without a body vary only their path and query: fewer runs cover them. */
const RUNS_PER_ROLE_WITHOUT_BODY = 80;
/**
 * Each run draws new values (a fixed seed drew the same 500 every time), so that runs add up to
 * more than any one of them; the seed is printed with the figures, and `FUZZ_SEED` repeats a run
 * (fast-check also prints the seed and path of a failure).
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

type JsonSchema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Multipart bodies generated per upload call and role. */
const MULTIPART_RUNS_PER_ROLE = 60;

// Built before the tests are declared, so that each route gets a test of its own.
const t: TestApp = await buildTestApp();
const self: TestStudent = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
const victim: TestStudent = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
const selfHash = await hashPassword(STUDENT_PASSWORD);
await createAdminUser(t.db);
const paths: Record<string, Record<string, Operation>> = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
afterAll(() => t.close());

/** Strings that have broken servers: prototype names, numbers in disguise, paths, huge and odd text, and real IDs. */
const hostileStrings = () => [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[object Object]',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '😀',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '2014-02-30',
  '0000-00-00',
  '9999-12-31T99:99',
  self.id,
  victim.id,
];

const scalar = () =>
  fc.oneof(
    fc.constantFrom(...hostileStrings()),
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(Number.MAX_SAFE_INTEGER + 2),
  );

const anyJson = () =>
  fc.oneof(
    { weight: 4, arbitrary: scalar() },
    { weight: 1, arbitrary: fc.array(scalar(), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...hostileStrings()), scalar(), { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

/** A value for a field: often one its schema allows (an enum member), else anything. */
function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const allowed = schema?.enum ?? schema?.anyOf?.flatMap((option) => option.enum ?? []) ?? [];
  return allowed.length > 0 ? fc.oneof(fc.constantFrom(...allowed), anyJson()) : anyJson();
}

/** Objects with the schema's fields (any subset, any values) and hostile extra keys; now and then not an object at all. */
function objectFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const properties = schema?.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.constantFrom(...hostileStrings(), 'password', 'class_id', 'house_code', 'student_id', 'id'), anyJson(), { maxKeys: 3 });
  return fc.oneof({ weight: 6, arbitrary: fc.tuple(known, extra).map(([fields, more]) => ({ ...more, ...fields })) }, { weight: 1, arbitrary: anyJson() });
}

/** A path parameter or query value: URL text, sometimes a real ID or an allowed value. */
const textFor = (schema: JsonSchema | undefined) =>
  fc.oneof(fc.constantFrom(...hostileStrings(), ...((schema?.enum as string[] | undefined) ?? [])), fc.string({ maxLength: 20 }), fc.integer().map(String));

/** A URL cannot carry a lone surrogate: it becomes U+FFFD, as a browser would send it. */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

type Call = { method: string; url: string; body?: unknown };

/** Generated calls of one route: its path filled in, a query string, and a body where the method has one. */
function callsOf(method: string, url: string): fc.Arbitrary<Call> {
  const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};
  const parameters = operation.parameters ?? [];
  const pathNames = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const pathValues = fc.tuple(...pathNames.map((name) => textFor(parameters.find((p) => p.in === 'path' && p.name === name)?.schema)));
  const query = fc.record(
    Object.fromEntries(
      parameters.filter((p) => p.in === 'query').map((p) => [p.name, fc.oneof(textFor(p.schema), fc.array(textFor(p.schema), { maxLength: 2 }))]),
    ),
    { requiredKeys: [] },
  );
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? objectFor(jsonSchema) : fc.constant(undefined);
  return fc.tuple(pathValues, query, body).map(([values, queryValues, generatedBody]) => {
    let filled = url;
    pathNames.forEach((name, index) => {
      filled = filled.replace(`:${name}`, encodeURIComponent(wellFormed(values[index])));
    });
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(queryValues)) for (const one of [value].flat()) search.append(name, wellFormed(one ?? ''));
    const queryText = search.toString();
    return { method, url: queryText ? `${filled}?${queryText}` : filled, body: generatedBody };
  });
}

/** Everything the app keeps about the victim: her record, account, progress, files and sessions. */
async function victimData() {
  const [student, account, progress, files, dataFiles, sessions] = await Promise.all([
    t.db.selectFrom('students').selectAll().where('id', '=', victim.id).executeTakeFirst(),
    t.db.selectFrom('student_accounts').selectAll().where('student_id', '=', victim.id).executeTakeFirst(),
    t.db.selectFrom('form_progress').selectAll().where('student_id', '=', victim.id).executeTakeFirst(),
    t.db.selectFrom('uploaded_files').selectAll().where('student_id', '=', victim.id).execute(),
    t.db.selectFrom('student_data_files').selectAll().where('student_id', '=', victim.id).execute(),
    t.db.selectFrom('sessions').select(['id_hash', 'kind', 'restricted']).where('student_id', '=', victim.id).execute(),
  ]);
  return { student, account, progress, files, dataFiles, sessions };
}

type Role = 'visitor' | 'student' | 'admin';

/**
 * A client of the role with a live session and CSRF token. When a generated call ended it (a
 * sign-out, an admin's reset of the student or marking her as left), the role signs in again with
 * the student's password and the sign-in counts set back.
 */
async function clientFor(role: Role, current?: TestClient): Promise<TestClient> {
  if (current) {
    const session = (await current.get('/api/session')).json() as { authenticated: boolean; restricted: boolean };
    if (session.authenticated === (role !== 'visitor') && !session.restricted && current.cookies.has('XSRF-TOKEN')) return current;
  }
  // One address for every role: the per-address limits then cap the password checks the sign-in calls cost.
  const client = new TestClient(t.app, '10.91.0.1');
  // A browser keeps its device cookie, so signing in again is not held back by the address limit.
  const device = current?.cookies.get(DEVICE_COOKIE);
  if (device) client.cookies.set(DEVICE_COOKIE, device);
  await t.db.deleteFrom('sign_in_attempts').execute();
  if (role === 'student') {
    await t.db.updateTable('student_accounts').set({ password_hash: selfHash, password_reset: 0 }).where('student_id', '=', self.id).execute();
    // An admin's generated call may have marked her as left, which closes her account.
    await t.db.deleteFrom('student_leavers').where('student_id', '=', self.id).execute();
    await signInAsStudent(client, self.id);
  } else if (role === 'admin') await signInAsAdmin(client);
  else await client.start();
  return client;
}

const routes = t.app.routeTable.filter((route) => !route.webAppFile && !route.url.startsWith('/api/docs') && !route.url.includes('*'));
const clients: Partial<Record<Role, TestClient>> = {};
const totals = { calls: 0, ms: 0, statuses: {} as Record<string, number> };
afterAll(() => {
  console.log(
    `[figures] ${testDialect}: seed ${SEED}, fuzzed ${routes.length} routes × 3 roles, ${totals.calls} calls in ${Math.round(totals.ms / 1000)} s: ${JSON.stringify(totals.statuses)}`,
  );
});

describe(`fuzzing every JSON call as each role (${RUNS_PER_ROLE} generated bodies per route and role; ${RUNS_PER_ROLE_WITHOUT_BODY} paths and queries for calls without a body)`, () => {
  it('finds the routes in the app', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}: no 5xx, and another student's data unchanged`, { timeout: 120_000 }, async () => {
      const started = performance.now();
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      for (const role of ['visitor', 'student', 'admin'] as const) {
        const before = role === 'admin' ? null : await victimData();
        clients[role] = await clientFor(role, clients[role]);
        const client = clients[role];
        await fc.assert(
          fc.asyncProperty(callsOf(route.method, route.url), async (call) => {
            totals.calls += 1;
            const response =
              call.body === undefined
                ? await client.request(call.method as 'GET', call.url)
                : await client.request(call.method as 'POST', call.url, JSON.stringify(call.body), { 'content-type': 'application/json' });
            const family = `${Math.floor(response.statusCode / 100)}xx`;
            totals.statuses[family] = (totals.statuses[family] ?? 0) + 1;
            if (response.statusCode >= 500)
              throw new Error(`${role} ${call.method} ${call.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
          }),
          { numRuns: hasBody ? RUNS_PER_ROLE : RUNS_PER_ROLE_WITHOUT_BODY, seed: SEED, endOnFailure: true },
        );
        if (before) expect(await victimData(), `${role} ${route.method} ${route.url} changed another student's data`).toEqual(before);
      }
      totals.ms += performance.now() - started;
    });
  }
});

/** Contents a file part may carry: real kinds, their starts cut short, noise and nothing. */
/** An .xlsx of one sheet: a header row (with holes where it has no value), then rows. */
async function workbookOf(header: Array<string | null>, rows: unknown[][] = [['20260001', 'Mohammed']]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  header.forEach((name, index) => name !== null && (sheet.getCell(1, index + 1).value = name));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Spreadsheets that have broken imports (issue 40): an empty header cell, a wide header (400
 * columns, and one cell of 195 KB), CSV with odd quotes and empty headers. Bytes that are no zip
 * named .xlsx come from `fileContents` sent under an .xlsx name.
 */
const hostileSpreadsheets = [
  await workbookOf(['Student ID', null, 'Last Name']),
  await workbookOf([null, null, null, 'Student ID']),
  await workbookOf(Array.from({ length: 400 }, (_, index) => `Column ${index}`)),
  await workbookOf(['Student ID', 'x'.repeat(195_000)]),
  Buffer.from('Student ID,"Last Name\n20260001,"Moh"ammed"\n'),
  Buffer.from('"Student ID"x,Last Name\n"20260001,Mohammed\n'),
  Buffer.from(',,\n20260001,Mohammed,\n'),
  Buffer.from(`Student ID,${'"",'.repeat(400)}\n1\n`),
  Buffer.from('\uFEFF"Student ID";"Last Name"\r\n"20260001";"\u0000"\r'),
];

const fileContents = [
  ...hostileSpreadsheets,
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  Buffer.from('%PDF-'),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('PK\u0003\u0004 not really a zip'),
  Buffer.from('Student ID,Last Name\n20260001,Mohammed\n'),
  Buffer.from([0, 1, 2, 3, 0xfe, 0xff, 0x80]),
  Buffer.alloc(0),
];

/** One part of a multipart body: a field, a file, or a part whose headers are broken. */
const partOf = (schema: JsonSchema | undefined) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.keys(schema?.properties ?? {}).filter((name) => name !== 'file'), ...hostileStrings().slice(0, 6)), valueFor(schema))
      .map(
        ([name, value]) =>
          (boundary: string) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
      ),
    fc.tuple(fc.constantFrom(...fileContents), fc.constantFrom('card.pdf', 'photo.png', 'students.xlsx', 'cards.zip', 'x.csv', '..\\..\\a.pdf', '')).map(
      ([bytes, name]) =>
        (boundary: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${bytes.toString('latin1')}\r\n`,
    ),
    fc.constantFrom(
      (boundary: string) => `--${boundary}\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n`,
      (boundary: string) => `--${boundary}\r\nbroken header line\r\n\r\nvalue\r\n`,
      (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n${'X-Long: y\r\n'.repeat(200)}\r\n%PDF-\r\n`,
      (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n`,
    ),
  );

/** How a generated body is spoiled, if at all: its type's parameters, its end, or the whole of it. */
const spoilings = fc.oneof(
  fc.constant({ kind: 'whole' as const }),
  fc.nat({ max: 4000 }).map((at) => ({ kind: 'cut' as const, at })),
  fc.constant({ kind: 'unterminated' as const }),
  fc
    .constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="unclosed',
      'multipart/form-data; charset=utf-8',
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      'multipart/form-data; boundary=other',
      'multipart/form-data; boundary=a; boundary=b',
      'multipart/mixed; boundary=fuzz',
      'multipart/form-data;;;',
      'application/x-www-form-urlencoded',
      'text/plain',
    )
    .map((type) => ({ kind: 'type' as const, type })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ kind: 'noise' as const, bytes })),
);

/** A multipart body for an upload call, often spoiled: the parts its schema names and others, then a spoiling. */
function multipartOf(schema: JsonSchema | undefined) {
  return fc.tuple(fc.array(partOf(schema), { maxLength: 5 }), spoilings).map(([parts, spoiling]) => {
    const boundary = 'fuzz';
    let body = Buffer.from(parts.map((part) => part(boundary)).join('') + (spoiling.kind === 'unterminated' ? '' : `--${boundary}--\r\n`), 'latin1');
    let type = `multipart/form-data; boundary=${boundary}`;
    if (spoiling.kind === 'cut') body = body.subarray(0, Math.min(spoiling.at, body.length));
    if (spoiling.kind === 'type') type = spoiling.type;
    if (spoiling.kind === 'noise') body = Buffer.from(spoiling.bytes);
    return { body, type, spoiling: spoiling.kind };
  });
}

/** Files left in the folders of uploads still arriving (none may stay once an answer is sent). */
const leftIncoming = () =>
  fs.existsSync(incomingRoot(t.config))
    ? fs.readdirSync(incomingRoot(t.config), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    : [];

const uploadRoutes = Object.entries(paths).flatMap(([url, operations]) =>
  Object.entries(operations)
    .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'])
    .map(([method, operation]) => ({ method: method.toUpperCase(), url, schema: operation.requestBody?.content?.['multipart/form-data']?.schema })),
);

describe(`fuzzing every upload call with multipart bodies, whole and malformed, as each role (${MULTIPART_RUNS_PER_ROLE} per route and role)`, () => {
  it('finds the upload calls in the API document', () => {
    expect(uploadRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/store-file', '/api/student-import', '/api/report-cards/upload', '/api/term-results/import', '/api/attendance-import']),
    );
  });

  it('answers every hostile spreadsheet sent to a spreadsheet import with 4xx or a list of problems, never 5xx, and small', async () => {
    const admin = (clients.admin = await clientFor('admin', clients.admin));
    // Fields that pass, so that the file itself is read: a real term, checking only.
    const fields: Record<string, string> = { mode: 'upsert', dry_run: 'true', year: '2025', term: '1' };
    const spreadsheetRoutes = ['/api/student-import', '/api/term-results/import', '/api/attendance-import'];
    for (const url of spreadsheetRoutes) {
      const schema = uploadRoutes.find((route) => route.url === url)?.schema;
      for (const [index, bytes] of [...hostileSpreadsheets, ...fileContents.slice(hostileSpreadsheets.length)].entries()) {
        for (const name of ['students.xlsx', 'students.csv']) {
          const boundary = 'sheet';
          const parts = Object.keys(schema?.properties ?? {})
            .filter((field) => field !== 'file' && field in fields)
            .map((field) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${fields[field]}\r\n`);
          const body = Buffer.concat([
            Buffer.from(parts.join('')),
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
            bytes,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          const response = await admin.request('POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
          const what = `${url} with spreadsheet ${index} as ${name}`;
          expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          expect([200, 409, 413, 415, 422], what).toContain(response.statusCode);
          expect(response.body.length, what).toBeLessThan(100_000);
        }
      }
    }
    expect(leftIncoming()).toEqual([]);
  });

  for (const route of uploadRoutes) {
    it(`${route.method} ${route.url}: no 5xx, and no temporary file stays once answered`, { timeout: 120_000 }, async () => {
      for (const role of ['visitor', 'student', 'admin'] as const) {
        const before = role === 'admin' ? null : await victimData();
        clients[role] = await clientFor(role, clients[role]);
        const client = clients[role];
        await fc.assert(
          fc.asyncProperty(multipartOf(route.schema), async ({ body, type, spoiling }) => {
            totals.calls += 1;
            const response = await client.request(route.method as 'POST', route.url, body, { 'content-type': type });
            const family = `${Math.floor(response.statusCode / 100)}xx`;
            totals.statuses[family] = (totals.statuses[family] ?? 0) + 1;
            if (response.statusCode >= 500)
              throw new Error(`${role} ${spoiling} body (${type}) answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
            expect(leftIncoming()).toEqual([]);
          }),
          { numRuns: MULTIPART_RUNS_PER_ROLE, seed: SEED + 1, endOnFailure: true },
        );
        if (before) expect(await victimData(), `${role} ${route.method} ${route.url} changed another student's data`).toEqual(before);
      }
    });
  }
});
