import { classBoundRoles, roleMay, type Access, type StaffRole } from '@school/contract';
import { readAccess } from '../../src/session/access.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createAdminUser, createStudent, signedInStaff, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession } from '../helpers/guardians.ts';

/**
 * Who may call each route, written down by hand: the registered routes must match this table
 * exactly, and each route must behave as its row says for a visitor, two students, a teacher of the
 * students' class and one of another class, the office and an admin (decisions 003 and 048).
 */
const expectedAccess: Record<string, Access> = {
  'GET /sanctum/csrf-cookie': 'visitor',
  'GET /api/config': 'visitor',
  'GET /api/auth/oidc/start': 'visitor',
  'GET /api/auth/oidc/callback': 'visitor',
  'GET /api/session': 'visitor',
  'POST /api/login-student': 'visitor',
  'POST /api/admin-login': 'visitor',
  'POST /logout': 'visitor',
  'GET /api/user/:student_id': 'visitor',
  'GET /api/student-lookup': 'visitor',
  'POST /api/change-password-student': 'restricted',
  'POST /api/admin/change-password': 'restricted',
  'POST /api/reset-password-student': 'records:write',
  'GET /api/admin/sign-in-alerts': 'staff',
  'GET /api/student-record/:id': 'self or class:read',
  'GET /api/towns': 'visitor',
  'GET /api/reference-lists': 'visitor',
  'GET /api/religions': 'visitor',
  'GET /api/ethnic-groups': 'visitor',
  'GET /api/regional-corporation': 'visitor',
  'GET /api/houses': 'visitor',
  'GET /api/registration-form-classes-list': 'visitor',
  'GET /api/primary-schools': 'visitor',
  'GET /api/student/:id': 'self or records:read',
  'POST /api/student': 'self or records:write',
  'POST /api/registration/confirm-step': 'signed-in',
  'POST /api/check-current-password': 'signed-in',
  'GET /api/student-registration/:form_level': 'signed-in',
  'GET /api/registration-status': 'settings',
  'PUT /api/registration-status/:form_level': 'settings',
  'GET /api/students': 'class:read',
  'GET /api/school-year': 'settings',
  'GET /api/messages': 'records:read',
  'GET /api/messages/:id': 'records:read',
  'POST /api/messages/:id/retry': 'records:write',
  'GET /api/notification-settings': 'settings',
  'GET /api/notification-settings/preview': 'settings',
  'PUT /api/notification-settings': 'settings',
  'POST /api/registration-reminders': 'settings',
  'GET /api/notification-stops/:student_id': 'records:read',
  'GET /api/notifications/stop': 'visitor',
  'POST /api/notifications/stop': 'visitor',
  'POST /api/school-year/rollover': 'settings',
  'POST /api/school-year/undo': 'settings',
  'GET /api/retention': 'settings',
  'POST /api/retention/erase': 'settings',
  'POST /api/students/:id/left': 'records:write',
  'GET /api/students/:id/school-account': 'records:read',
  'PUT /api/students/:id/school-account': 'records:write',
  'DELETE /api/students/:id/left': 'records:write',
  'GET /api/student/:id/history': 'records:read',
  'GET /api/student/:id/changes': 'records:read',
  'GET /api/health-alerts/:class_id': 'class:read',
  'GET /api/registration-form/:id': 'self or records:read',
  'POST /api/store-file': 'self or records:write',
  'GET /api/get-files/:id': 'self or records:read',
  'DELETE /api/file': 'self or records:write',
  'GET /api/files/:studentId/:fileType': 'self or records:read',
  'GET /api/student-data-files/:student_id': 'self or records:read',
  'POST /api/student-data-files': 'self or records:write',
  'GET /api/term-calendar': 'settings',
  'PUT /api/term-calendar': 'settings',
  'POST /api/attendance-import': 'records:write',
  'POST /api/attendance-scans': 'visitor',
  'GET /api/term-reports-posted': 'class:read',
  'POST /api/post-term-reports': 'records:write',
  'GET /api/term-results/template': 'records:write',
  'POST /api/term-results/import': 'records:write',
  'POST /api/report-cards/upload': 'records:write',
  'GET /api/registration-data-spreadsheet': 'exports',
  'GET /api/registration-report/all': 'exports',
  'GET /api/parents-contact/:classId': 'class:read',
  'GET /api/parents-contact/:classId/pdf': 'class:read',
  'GET /api/parents-contact/:classId/xlsx': 'class:read',
  'GET /api/student-import/template': 'records:write',
  'POST /api/student-import': 'records:write',
  'GET /api/student-import/progress': 'records:write',
  'GET /api/student-imports': 'records:write',
  'GET /api/staff': 'staff',
  'POST /api/staff': 'staff',
  'PATCH /api/staff/:username': 'staff',
  'GET /api/audit': 'staff',
  'GET /api/audit/csv': 'staff',
  'GET /api/oneroster.zip': 'staff',
  'GET /api/admin/export-alerts': 'staff',
  'POST /api/admin-login/second-factor': 'visitor',
  'POST /api/account/totp': 'signed-in',
  'POST /api/account/totp/confirm': 'signed-in',
  'POST /api/account/enrolment-code': 'signed-in',
  'POST /api/account/enrolment-code/confirm': 'signed-in',
  'POST /api/account/step-up': 'signed-in',
  'GET /api/account': 'signed-in',
  'DELETE /api/account/sessions/:id': 'signed-in',
  'GET /api/account/email': 'signed-in',
  'PUT /api/account/email': 'signed-in',
  'POST /api/account/passkeys/options': 'signed-in',
  'GET /api/account/passkeys': 'signed-in',
  'POST /api/account/passkeys': 'signed-in',
  'DELETE /api/account/passkeys/:id': 'signed-in',
  'POST /api/account/step-up/passkey/options': 'signed-in',
  'POST /api/account/step-up/passkey': 'signed-in',
  'POST /api/admin-login/passkey/options': 'visitor',
  'POST /api/admin-login/passkey': 'visitor',
  'GET /api/my-record-access': 'signed-in',
  'GET /api/my-data': 'signed-in',
  'GET /api/openapi.json': 'visitor',
  'GET /api/health': 'visitor',
  'GET /api/docs': 'visitor',
  'GET /api/docs/json': 'visitor',
  'GET /api/docs/yaml': 'visitor',
  'GET /api/docs/static/*': 'visitor',
  'GET /api/docs/static/index.html': 'visitor',
  'GET /api/docs/static/swagger-initializer.js': 'visitor',
  'GET /api/docs/static/theme/portal.css': 'visitor',
  // Guardian accounts (decision 062): sign-in, passwords, invitations, her own account.
  'POST /api/guardian-login': 'visitor',
  'POST /api/guardian-password/forgot': 'visitor',
  'POST /api/guardian-password/reset': 'visitor',
  'POST /api/guardian-invitations': 'records:write',
  'POST /api/guardian-invitations/class': 'records:write',
  'GET /api/guardian-invitations': 'records:write',
  'POST /api/guardian-invitations/:id/resend': 'records:write',
  'DELETE /api/guardian-invitations/:id': 'records:write',
  'GET /api/guardian-invitations/preview': 'visitor',
  'POST /api/guardian-invitations/accept': 'visitor',
  'GET /api/guardian/account': 'guardian',
  'PATCH /api/guardian/account': 'guardian',
  'POST /api/guardian/change-password': 'guardian',
  'GET /api/guardian/messages': 'guardian',
  // A guardian's optional second factor (decision 062): her sign-in's second step, and her own account's.
  'POST /api/guardian-login/second-factor': 'visitor',
  'POST /api/guardian-login/passkey/options': 'visitor',
  'POST /api/guardian-login/passkey': 'visitor',
  'GET /api/guardian/account/second-factor': 'guardian',
  'DELETE /api/guardian/account/second-factor': 'guardian',
  'POST /api/guardian/account/totp': 'guardian',
  'POST /api/guardian/account/totp/confirm': 'guardian',
  'GET /api/guardian/account/passkeys': 'guardian',
  'POST /api/guardian/account/passkeys/options': 'guardian',
  'POST /api/guardian/account/passkeys': 'guardian',
  'DELETE /api/guardian/account/passkeys/:id': 'guardian',
  // family: the student's reports and attendance for her guardians too (decision 063), her guardians' own calls, code letters and custody.
  'GET /api/student-attendance/:id': 'family or class:read',
  'GET /api/student-attendance-report/:id/:start/:end': 'family or class:read',
  'GET /api/report-card-terms/:id': 'family or class:read',
  'GET /api/report-card/:student_id/:year/:term': 'family or class:read',
  'GET /api/guardian/children': 'guardian',
  'POST /api/guardian-links': 'guardian',
  'GET /api/guardian-letters/:class_id': 'exports',
  'GET /api/guardians': 'records:read',
  'PATCH /api/guardian-links/:id': 'records:write',
  'DELETE /api/guardians/:id/second-factor': 'staff',
  // Contact changes (decision 066): a guardian proposes and reads her own; the office lists and answers them.
  'POST /api/contact-changes': 'guardian',
  'GET /api/guardian/contact-changes': 'guardian',
  'GET /api/contact-changes': 'records:read',
  'PATCH /api/contact-changes/:id': 'records:write',
  // Absence notes (decision 065): sent by her guardians (or herself), answered by the office, read by her teachers.
  'POST /api/absence-notes': 'family or records:write',
  'GET /api/absence-notes': 'family or class:read',
  'PATCH /api/absence-notes/:id': 'records:write',
  'GET /api/absence-notes/:id/file': 'class:read',
  // Consent forms (decision 067): admins write them and the school's switch, office and admins read and remind; guardians answer.
  'GET /api/consents': 'records:read',
  'POST /api/consents': 'settings',
  'GET /api/consents/:id': 'records:read',
  'PATCH /api/consents/:id': 'settings',
  'GET /api/consents/:id/answers': 'records:read',
  'GET /api/consents/:id/answers/csv': 'records:read',
  'GET /api/consents/:id/answers/pdf': 'records:read',
  'POST /api/consents/:id/reminders': 'records:write',
  'GET /api/consent-settings': 'settings',
  'PUT /api/consent-settings': 'settings',
  'GET /api/guardian/consents': 'guardian',
  'POST /api/consents/:id/answers': 'guardian',
  'GET /api/student/:id/guardian-agreement': 'self or records:read',
};

let t: TestApp;
let studentA: TestStudent;
let studentB: TestStudent;
/** Staff-only calls (such as a password reset) act on student C, so they leave A's session alone. */
let studentC: TestStudent;
type Caller = 'visitor' | 'studentA' | 'studentB' | 'teacherOwnClass' | 'teacherOtherClass' | 'office' | 'admin';
const callers: Record<Caller, TestClient> = {} as never;
/** The role of each staff caller, and whether her classes hold the class and students the calls name. */
const staff: Partial<Record<Caller, { role: StaffRole; reaches: boolean }>> = {
  teacherOwnClass: { role: 'teacher', reaches: true },
  teacherOtherClass: { role: 'teacher', reaches: false },
  office: { role: 'office', reaches: true },
  admin: { role: 'admin', reaches: true },
};

beforeAll(async () => {
  t = await buildTestApp();
  studentA = await createStudent(t.db, { class_id: '1A' }, { password: STUDENT_PASSWORD });
  studentB = await createStudent(t.db, { class_id: '2B' }, { password: STUDENT_PASSWORD });
  studentC = await createStudent(t.db, { class_id: '1A' });
  await createAdminUser(t.db);
  callers.visitor = await new TestClient(t.app, '10.50.0.1').start();
  callers.studentA = new TestClient(t.app, '10.50.0.2');
  await signInAsStudent(callers.studentA, studentA.id);
  callers.studentB = new TestClient(t.app, '10.50.0.3');
  await signInAsStudent(callers.studentB, studentB.id);
  callers.teacherOwnClass = await signedInStaff(t.app, t.db, 'teacher-own', { role: 'teacher', classes: ['1A', '3C'] });
  callers.teacherOtherClass = await signedInStaff(t.app, t.db, 'teacher-other', { role: 'teacher', classes: ['2B'] });
  callers.office = await signedInStaff(t.app, t.db, 'office', { role: 'office' });
  callers.admin = new TestClient(t.app, '10.50.0.4');
  await signInAsAdmin(callers.admin);
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api') || route.url.startsWith('/sanctum') || route.url === '/logout');

/** Fills every URL parameter with the target student's id (a class parameter with her class); a body names her too. */
const target = (access: Access) => (readAccess(access)?.self === false ? studentC : studentA);
/** Calls that name the student in the query string. */
const queries: Record<string, (id: string) => string> = {
  '/api/file': (id) => `?id=${id}&fileType=picture&fileName=x.jpg`,
  '/api/absence-notes': (id) => `?student_id=${id}`,
};
const urlFor = (url: string, access: Access) =>
  url.replace(/:[a-zA-Z_]+/g, (name) => (/class/i.test(name) ? target(access).class_id : target(access).id)) + (queries[url]?.(target(access).id) ?? '');
const bodyFor = (access: Access) => ({ id: target(access).id, student_id: target(access).id });
/**
 * Class reads that name no class or student: a teacher's answer holds her classes only (tested
 * beside their features); an absence note's file is found for her classes' notes only.
 */
const answeredForHerClasses = new Set(['GET /api/students', 'GET /api/term-reports-posted', 'GET /api/absence-notes/:id/file']);

/** Signed-in calls that show a student what the school holds about her own record: staff have none, and are refused (decision 050). */
const studentsOnly = new Set(['GET /api/my-record-access', 'GET /api/my-data']);

/** Signed-in calls about a staff member's own second factor, sessions (decision 043) and address (decision 047): students are refused. */
const staffOnly = new Set([
  'POST /api/account/totp',
  'POST /api/account/totp/confirm',
  'POST /api/account/enrolment-code',
  'POST /api/account/enrolment-code/confirm',
  'POST /api/account/step-up',
  'GET /api/account',
  'DELETE /api/account/sessions/:id',
  'GET /api/account/email',
  'PUT /api/account/email',
  'POST /api/account/passkeys/options',
  'GET /api/account/passkeys',
  'POST /api/account/passkeys',
  'DELETE /api/account/passkeys/:id',
  'POST /api/account/step-up/passkey/options',
  'POST /api/account/step-up/passkey',
]);

/**
 * Sign-out, sign-in and password calls would change the caller's own session; their guard is covered elsewhere.
 * The scanners' call takes a scanner token instead of a session (decision 023); its own tests cover it.
 */
const coveredElsewhere = [
  'POST /logout',
  'POST /api/login-student',
  'POST /api/admin-login',
  // The passkey sign-in answers only a sign-in whose password was right (its tests cover the rest), a staff member's or a guardian's.
  'POST /api/admin-login/passkey/options',
  'POST /api/admin-login/passkey',
  'POST /api/guardian-login/passkey/options',
  'POST /api/guardian-login/passkey',
  'POST /api/change-password-student',
  'POST /api/admin/change-password',
  'POST /api/attendance-scans',
];

/** A call is refused when it answers 401 or 403; anything else means it passed the guard. */
const refused = (status: number) => status === 401 || status === 403;

/** Whether a caller may make a call, by the route's access and the contract's table of roles (decision 048). */
function mayCall(who: Caller, key: string, access: Access): boolean {
  if (access === 'visitor') return true;
  // A guardian's own calls: none of these callers is a guardian (her reach is tested with the guardians' features).
  if (who === 'visitor' || access === 'guardian') return false;
  if (studentsOnly.has(key)) return who === 'studentA' || who === 'studentB';
  if (staffOnly.has(key)) return who !== 'studentA' && who !== 'studentB';
  if (access === 'restricted' || access === 'signed-in') return true;
  const needs = readAccess(access)!;
  if (who === 'studentA') return needs.self;
  // The upload names its student in its multipart body, which its service checks (the files tests cover it).
  if (who === 'studentB') return key === 'POST /api/store-file';
  const { role, reaches } = staff[who]!;
  return roleMay(role, needs.permission) && (!classBoundRoles.includes(role) || reaches || answeredForHerClasses.has(key));
}

describe('access control', () => {
  it('every registered route declares who may call it', () => {
    const undeclared = t.app.routeTable.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every API route is in the access table, with the access it declares', () => {
    const declared = Object.fromEntries(apiRoutes().map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(declared).toEqual(expectedAccess);
  });

  it('no route lets in a caller its access does not allow, and every route lets in each caller it allows', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      const access = expectedAccess[key]!;
      if (coveredElsewhere.includes(key)) continue;
      for (const [who, client] of Object.entries(callers) as Array<[Caller, TestClient]>) {
        // Its CSRF token on every call, reads too: `/api/user/{id}` asks for it (decision 058).
        const xsrf = client.cookies.get('XSRF-TOKEN');
        const response = await client.request(
          route.method as 'GET',
          urlFor(route.url, access),
          route.method === 'GET' ? undefined : bodyFor(access),
          xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {},
        );
        const allowed = mayCall(who, key, access);
        if (!allowed && !refused(response.statusCode)) wrong.push(`${who} → ${key} answered ${response.statusCode}`);
        if (allowed && refused(response.statusCode)) wrong.push(`${who} ✗ ${key} was refused (${response.statusCode})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000); // every route × every caller, one call after another

  it('refuses a teacher the students of another class, and the Parents Contact of all classes', async () => {
    const teacher = callers.teacherOtherClass;
    for (const url of [
      `/api/student-attendance/${studentA.id}`,
      `/api/report-card-terms/${studentA.id}`,
      '/api/parents-contact/1A',
      '/api/parents-contact/all',
      '/api/health-alerts/1A',
    ]) {
      const response = await teacher.get(url);
      expect(response.statusCode, url).toBe(403);
    }
    expect((await callers.teacherOtherClass.get('/api/health-alerts/2B')).statusCode).toBe(200);
    expect((await callers.teacherOwnClass.get('/api/parents-contact/all')).json()).toEqual({ message: 'You can only see the classes assigned to you.' });
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

describe('family: the access of guardians (decisions 062 and 063)', () => {
  it("lets a guardian linked to student A into her own calls and A's `family or …` calls only; an unlinked guardian into her own calls only", async () => {
    const linked = await createGuardian(t.db);
    await linkGuardian(t.db, linked, studentA.id);
    const stranger = await createGuardian(t.db);
    const guardians = {
      linkedGuardian: await withGuardianSession(new TestClient(t.app, '10.50.0.20'), t.db, linked),
      unlinkedGuardian: await withGuardianSession(new TestClient(t.app, '10.50.0.21'), t.db, stranger),
    };
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      const access = expectedAccess[key]!;
      if (coveredElsewhere.includes(key)) continue;
      for (const [who, client] of Object.entries(guardians)) {
        const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN')!);
        const response = await client.request(route.method as 'GET', urlFor(route.url, access), route.method === 'GET' ? undefined : bodyFor(access), {
          'x-xsrf-token': xsrf,
        });
        const allowed = access === 'visitor' || access === 'guardian' || (who === 'linkedGuardian' && readAccess(access)?.family === true);
        // A guardian is refused a call about a girl as if she did not exist (404), any other call with 401 or 403.
        const isRefused = refused(response.statusCode) || (response.statusCode === 404 && access !== 'visitor' && access !== 'guardian');
        if (!allowed && !isRefused) wrong.push(`${who} → ${key} answered ${response.statusCode}`);
        if (allowed && isRefused) wrong.push(`${who} ✗ ${key} was refused (${response.statusCode})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
