import type { Access } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../helpers/factories.ts';

/**
 * Who may call each route, written down by hand: the registered routes must match this table
 * exactly, and each route must behave as its row says for a visitor, two students and an admin.
 */
const expectedAccess: Record<string, Access> = {
  'GET /sanctum/csrf-cookie': 'visitor',
  'GET /api/config': 'visitor',
  'GET /api/session': 'visitor',
  'POST /api/login-student': 'visitor',
  'POST /api/admin-login': 'visitor',
  'POST /logout': 'visitor',
  'GET /api/user/:student_id': 'visitor',
  'GET /api/student-lookup': 'visitor',
  'POST /api/change-password-student': 'restricted',
  'POST /api/admin/change-password': 'restricted',
  'POST /api/reset-password-student': 'admin',
  'GET /api/admin/sign-in-alerts': 'admin',
  'GET /api/student-record/:id': 'student-self',
  'GET /api/towns': 'visitor',
  'GET /api/religions': 'visitor',
  'GET /api/ethnic-groups': 'visitor',
  'GET /api/regional-corporation': 'visitor',
  'GET /api/houses': 'visitor',
  'GET /api/registration-form-classes-list': 'visitor',
  'GET /api/primary-schools': 'visitor',
  'GET /api/student/:id': 'student-self',
  'POST /api/student': 'student-self',
  'POST /api/student/:id/health-data': 'student-self',
  'POST /api/check-current-password': 'signed-in',
  'GET /api/student-registration/:form_level': 'signed-in',
  'GET /api/registration-status': 'admin',
  'PUT /api/registration-status/:form_level': 'admin',
  'GET /api/students': 'admin',
  'GET /api/registration-form/:id': 'student-self',
  'POST /api/store-file': 'signed-in',
  'GET /api/get-files/:id': 'student-self',
  'DELETE /api/file': 'student-self',
  'GET /api/files/:studentId/:fileType': 'student-self',
  'GET /api/student-data-files/:student_id': 'student-self',
  'POST /api/student-data-files': 'student-self',
  'GET /api/student-attendance/:id': 'student-self',
  'GET /api/student-attendance-report/:id/:start/:end': 'student-self',
  'GET /api/term-calendar': 'admin',
  'PUT /api/term-calendar': 'admin',
  'POST /api/attendance-import': 'admin',
  'POST /api/attendance-scans': 'visitor',
  'GET /api/report-card-terms/:id': 'student-self',
  'GET /api/report-card/:student_id/:year/:term': 'student-self',
  'GET /api/term-reports-posted': 'admin',
  'POST /api/post-term-reports': 'admin',
  'GET /api/term-results/template': 'admin',
  'POST /api/term-results/import': 'admin',
  'POST /api/report-cards/upload': 'admin',
  'GET /api/registration-data-spreadsheet': 'admin',
  'GET /api/registration-report/all': 'admin',
  'GET /api/parents-contact/:classId': 'admin',
  'GET /api/parents-contact/:classId/pdf': 'admin',
  'GET /api/parents-contact/:classId/xlsx': 'admin',
  'GET /api/student-import/template': 'admin',
  'POST /api/student-import': 'admin',
  'GET /api/student-import/progress': 'admin',
  'GET /api/student-imports': 'admin',
  'GET /api/audit': 'admin',
  'GET /api/audit/csv': 'admin',
  'GET /api/my-record-access': 'signed-in',
  'GET /api/my-data': 'signed-in',
  'GET /api/openapi.json': 'visitor',
  'GET /api/docs': 'visitor',
  'GET /api/docs/json': 'visitor',
  'GET /api/docs/yaml': 'visitor',
  'GET /api/docs/static/*': 'visitor',
  'GET /api/docs/static/index.html': 'visitor',
  'GET /api/docs/static/swagger-initializer.js': 'visitor',
  'GET /api/docs/static/theme/portal.css': 'visitor',
};

let t: TestApp;
let studentA: TestStudent;
let studentB: TestStudent;
/** Admin-only calls (such as a password reset) act on student C, so they leave A's session alone. */
let studentC: TestStudent;
const callers: Record<'visitor' | 'studentA' | 'studentB' | 'admin', TestClient> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  studentA = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
  studentB = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
  studentC = await createStudent(t.db);
  await createAdminUser(t.db);
  callers.visitor = await new TestClient(t.app, '10.50.0.1').start();
  callers.studentA = new TestClient(t.app, '10.50.0.2');
  await signInAsStudent(callers.studentA, studentA.id);
  callers.studentB = new TestClient(t.app, '10.50.0.3');
  await signInAsStudent(callers.studentB, studentB.id);
  callers.admin = new TestClient(t.app, '10.50.0.4');
  await signInAsAdmin(callers.admin);
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api') || route.url.startsWith('/sanctum') || route.url === '/logout');

/** Fills every URL parameter with the target student's id; a body names her too. */
const target = (access: Access) => (access === 'admin' ? studentC : studentA).id;
/** Calls that name the student in the query string. */
const queries: Record<string, (id: string) => string> = { '/api/file': (id) => `?id=${id}&fileType=picture&fileName=x.jpg` };
const urlFor = (url: string, access: Access) => url.replace(/:[a-zA-Z_]+/g, () => target(access)) + (queries[url]?.(target(access)) ?? '');
const bodyFor = (access: Access) => ({ id: target(access), student_id: target(access) });

/** Signed-in calls that show a student what the school holds about her own record: staff have none, and are refused (decision 050). */
const studentsOnly = new Set(['GET /api/my-record-access', 'GET /api/my-data']);

/** A call is refused when it answers 401 or 403; anything else means it passed the guard. */
const refused = (status: number) => status === 401 || status === 403;

describe('access control', () => {
  it('every registered route declares who may call it', () => {
    const undeclared = t.app.routeTable.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every API route is in the access table, with the access it declares', () => {
    const declared = Object.fromEntries(apiRoutes().map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(declared).toEqual(expectedAccess);
  });

  it('no route lets in a caller its access does not allow', async () => {
    const wrongAllows: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      const access = expectedAccess[key];
      const mayCall = {
        visitor: access === 'visitor',
        studentA: access !== 'admin',
        studentB: access === 'visitor' || access === 'restricted' || access === 'signed-in',
        admin: !studentsOnly.has(key),
      };
      for (const [who, client] of Object.entries(callers)) {
        // Sign-out, sign-in and password calls would change the caller's own session; their guard is covered elsewhere.
        // The scanners' call takes a scanner token instead of a session (decision 023); its own tests cover it.
        if (
          [
            'POST /logout',
            'POST /api/login-student',
            'POST /api/admin-login',
            'POST /api/change-password-student',
            'POST /api/admin/change-password',
            'POST /api/attendance-scans',
          ].includes(key)
        )
          continue;
        const response = await client.request(route.method as 'GET', urlFor(route.url, access), route.method === 'GET' ? undefined : bodyFor(access));
        if (!mayCall[who as keyof typeof mayCall] && !refused(response.statusCode)) wrongAllows.push(`${who} → ${key} answered ${response.statusCode}`);
        if (mayCall[who as keyof typeof mayCall] && refused(response.statusCode)) wrongAllows.push(`${who} ✗ ${key} was refused (${response.statusCode})`);
      }
    }
    expect(wrongAllows).toEqual([]);
  });

  it('refuses a restricted (first sign-in) session everywhere but the password change and logout', async () => {
    const newcomer = await createStudent(t.db);
    const client = await new TestClient(t.app, '10.50.0.9').start();
    await client.post('/api/login-student', { student_id: newcomer.id, password: newcomer.dobPassword });
    const allowed: string[] = [];
    for (const route of apiRoutes()) {
      const access = expectedAccess[`${route.method} ${route.url}`];
      if (access === 'visitor' || access === 'restricted') continue;
      const response = await client.request(
        route.method as 'GET',
        route.url.replace(/:[a-zA-Z_]+/g, newcomer.id) + (queries[route.url]?.(newcomer.id) ?? ''),
        route.method === 'GET' ? undefined : { student_id: newcomer.id },
      );
      if (!refused(response.statusCode)) allowed.push(`${route.method} ${route.url} answered ${response.statusCode}`);
    }
    expect(allowed).toEqual([]);
  });
});
