import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccess, type RouteEntry } from '../../../src/session/access.ts';
import { storeCompleteRegistration, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession } from '../../helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { familyCalls, girlWithReports } from './family-helpers.ts';

/**
 * The walk of decision 063 (issue 50, point 6): every route of `/api/openapi.json` that names a
 * student — a path parameter `{id}`, `{student_id}` or `{studentId}`, or a query or body field
 * `student_id` or `id` — is called by a guardian with no link to the girl and by one whose link the
 * office restricted, with the girl's ID and with an ID no student has. No answer may hold anything
 * of her (names, date of birth, class); a call about a girl (in its path, or where the access check
 * reads it) answers 404, as for one who does not exist; a staff call that names her only in its
 * body answers 403 or 404; a visitor's
 * or a guardian's own call answers alike for both IDs. The routes are read from the document, so a
 * route added later is walked too. Run on each database (TEST_DB).
 */
let t: TestApp;
let girl: TestStudent;
/** A well-formed student ID no student has. */
const NOBODY = '20999998';

type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Walked = { route: RouteEntry; pathNames: string[]; queryNames: string[]; bodyNames: string[] };

const STUDENT_PATH = new Set(['id', 'student_id', 'studentId']);
/**
 * Routes whose `{id}` names something else than a student (a message, a session, a passkey, a
 * guardian or her link or invitation, a contact change, an absence note, a consent form): walked
 * too, but a staff or account call among them may answer 403. Any other route with a student's
 * parameter in its path must answer 404.
 */
const OTHER_IDS = new Set([
  'DELETE /api/account/sessions/:id',
  'DELETE /api/account/passkeys/:id',
  'DELETE /api/guardian/account/passkeys/:id',
  'GET /api/messages/:id',
  'POST /api/messages/:id/retry',
  'PATCH /api/guardian-links/:id',
  // A guardian's public ID (an admin removes her lost second factor).
  'DELETE /api/guardians/:id/second-factor',
  'POST /api/guardian-invitations/:id/resend',
  'DELETE /api/guardian-invitations/:id',
  'PATCH /api/contact-changes/:id',
  'PATCH /api/absence-notes/:id',
  'GET /api/absence-notes/:id/file',
  // A consent form's public ID (decision 067).
  'GET /api/consents/:id',
  'PATCH /api/consents/:id',
  'GET /api/consents/:id/answers',
  'GET /api/consents/:id/answers/csv',
  'GET /api/consents/:id/answers/pdf',
  'POST /api/consents/:id/reminders',
  'POST /api/consents/:id/answers',
]);
const STUDENT_FIELD = new Set(['student_id', 'id']);
let walked: Walked[];

beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional' });
  // A class no answer holds by chance, and data behind every kind of call: reports, attendance, a complete record with its documents.
  girl = await girlWithReports(t.db, { class_id: '6ZQ' });
  await storeCompleteRegistration(t.db, girl.id);
  const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<string, Record<string, Operation>>;
  walked = t.app.routeTable
    .filter((route) => !route.webAppFile && !route.url.startsWith('/api/docs'))
    .map((route) => {
      const operation = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
      const body = Object.values(operation.requestBody?.content ?? {}).flatMap((content) => Object.keys(content.schema?.properties ?? {}));
      return {
        route,
        pathNames: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]),
        queryNames: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodyNames: body,
      };
    })
    .filter(
      ({ pathNames, queryNames, bodyNames }) =>
        pathNames.some((name) => STUDENT_PATH.has(name)) || [...queryNames, ...bodyNames].some((name) => STUDENT_FIELD.has(name)),
    );
});
afterAll(() => t.close());

/** A path parameter's value: the student ID for a student's, else a plausible value of its kind. */
function valueOf(name: string, studentId: string): string {
  if (STUDENT_PATH.has(name)) return studentId;
  if (/class/i.test(name)) return girl.class_id;
  if (name === 'year') return '2025';
  if (name === 'term') return '1';
  if (name === 'start') return '2025-09-01';
  if (name === 'end') return '2025-12-15';
  if (name === 'fileType') return 'picture';
  if (name === 'form_level') return '6';
  return studentId;
}

/** The call of a walked route about `studentId`: its path and query filled in, and a body naming her. */
function callOf({ route, pathNames, queryNames }: Walked, studentId: string) {
  let url = route.url;
  for (const name of pathNames) url = url.replace(`:${name}`, encodeURIComponent(valueOf(name, studentId)));
  const query = new URLSearchParams();
  for (const name of queryNames) query.set(name, STUDENT_FIELD.has(name) ? studentId : name === 'fileName' ? 'x.jpg' : valueOf(name, studentId));
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? undefined
      : { id: studentId, student_id: studentId, code: 'ABCD-EFGH-JK', date_of_birth: girl.date_of_birth, relationship: 'mother' };
  return { url: query.size ? `${url}?${query}` : url, body };
}

/** What of the girl an answer holds: her names, her date of birth (in either order), her class. */
function herDataIn(text: string): string[] {
  const [year, month, day] = girl.date_of_birth.split('-');
  return [girl.first_name, girl.last_name, girl.date_of_birth, `${day}/${month}/${year}`, girl.class_id].filter((fact) => text.includes(fact));
}

async function walk(client: TestClient, who: string): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of walked) {
    const { route } = entry;
    const key = `${who} → ${route.method} ${route.url}`;
    const answers = [];
    for (const studentId of [girl.id, NOBODY]) {
      const { url, body } = callOf(entry, studentId);
      // Its CSRF token on reads too: some reads ask for it (decision 058).
      const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '');
      const answer = await client.request(route.method as 'GET', url, body, { 'x-xsrf-token': xsrf });
      answers.push({ status: answer.statusCode, body: answer.body.replaceAll(studentId, '{student}') });
      const found = herDataIn(answer.body);
      if (found.length) problems.push(`${key} (${studentId === NOBODY ? 'no such girl' : 'her ID'}) answered ${answer.statusCode} with ${found.join(', ')}`);
      if (answer.statusCode >= 500) problems.push(`${key} answered ${answer.statusCode}`);
    }
    const access = route.access!;
    const ownOrOpen = access === 'visitor' || access === 'guardian';
    const inPath = entry.pathNames.some((name) => STUDENT_PATH.has(name)) && !OTHER_IDS.has(`${route.method} ${route.url}`);
    const aboutHer = route.namesStudent || readAccess(access)?.self === true || inPath;
    if (ownOrOpen) {
      if (answers[0].status !== answers[1].status || answers[0].body !== answers[1].body)
        problems.push(`${key} told her ID from a nobody's: ${answers[0].status} ${answers[0].body} / ${answers[1].status} ${answers[1].body}`);
      if (answers[0].status === 200 && access === 'guardian') problems.push(`${key} answered 200 for a girl who is not hers`);
    } else if (aboutHer) {
      for (const answer of answers) if (answer.status !== 404) problems.push(`${key} answered ${answer.status}, not 404`);
    } else {
      for (const answer of answers) if (answer.status !== 403 && answer.status !== 404) problems.push(`${key} answered ${answer.status}, not 403 or 404`);
    }
  }
  return problems;
}

describe('the no-IDOR walk (decision 063)', () => {
  it('walks every route that names a student, the family and the staff ones among them', () => {
    const names = walked.map(({ route }) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/report-card-terms/:id',
        'GET /api/report-card/:student_id/:year/:term',
        'GET /api/student-attendance/:id',
        'GET /api/student-attendance-report/:id/:start/:end',
        'GET /api/student/:id',
        'GET /api/registration-form/:id',
        'GET /api/files/:studentId/:fileType',
        'GET /api/guardians',
        'POST /api/guardian-links',
        'POST /api/contact-changes',
        'POST /api/absence-notes',
        'GET /api/absence-notes',
      ]),
    );
    expect(walked.length).toBeGreaterThan(20);
  });

  it("finds nothing of a girl as a guardian with no link to her, for her ID or a nobody's", async () => {
    const stranger = await withGuardianSession(new TestClient(t.app, '10.90.0.1'), t.db, await createGuardian(t.db));
    expect(await walk(stranger, 'unlinked guardian')).toEqual([]);
  }, 300_000);

  it('finds nothing of her as a guardian whose link the office restricted, nor as one whose link it revoked', async () => {
    const restricted = await createGuardian(t.db);
    await linkGuardian(t.db, restricted, girl.id, { restricted: true });
    expect(await walk(await withGuardianSession(new TestClient(t.app, '10.90.0.2'), t.db, restricted), 'restricted guardian')).toEqual([]);
    const revoked = await createGuardian(t.db);
    await linkGuardian(t.db, revoked, girl.id, { revoked: true });
    expect(await walk(await withGuardianSession(new TestClient(t.app, '10.90.0.3'), t.db, revoked), 'revoked guardian')).toEqual([]);
  }, 300_000);

  it('lets a linked, unrestricted guardian read her daughter’s reports and attendance, and nothing of her record', async () => {
    const mother = await createGuardian(t.db);
    await linkGuardian(t.db, mother, girl.id);
    const client = await withGuardianSession(new TestClient(t.app, '10.90.0.4'), t.db, mother);
    for (const url of familyCalls(girl.id)) {
      const answer = await client.get(url);
      expect(answer.statusCode, url).toBe(200);
    }
    expect((await client.get(`/api/student-attendance/${girl.id}`)).json()).toMatchObject({ first_name: girl.first_name, class_id: girl.class_id });
    for (const url of [`/api/student/${girl.id}`, `/api/registration-form/${girl.id}`, `/api/get-files/${girl.id}`, `/api/files/${girl.id}/picture`]) {
      const answer = await client.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(herDataIn(answer.body), url).toEqual([]);
    }
  });
});
