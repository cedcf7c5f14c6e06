import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, STUDENT_PASSWORD, signInAsStudent, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { familyCalls, girlWithReports, POSTED, UNPOSTED } from './family-helpers.ts';

/**
 * The family's view through the student's own calls (decision 063): a guardian with a live,
 * unrestricted link reads her daughter's posted reports and attendance, each read audited and named
 * on the girl's privacy page; her daughters are listed with their registration's status.
 */
let t: TestApp;
let girl: TestStudent;
let sister: TestStudent;
let mother: TestGuardian;
let motherClient: TestClient;

beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional' });
  girl = await girlWithReports(t.db);
  sister = await girlWithReports(t.db, { first_name: 'Anouk', class_id: '2B' });
  mother = await createGuardian(t.db, { name: 'Mrs Joseph' });
  await linkGuardian(t.db, mother, girl.id, { relationship: 'mother' });
  await linkGuardian(t.db, mother, sister.id, { relationship: 'mother', verifiedBy: 'letter' });
  motherClient = await withGuardianSession(new TestClient(t.app, '10.60.0.1'), t.db, mother);
});
afterAll(() => t.close());

const guardianRows = (studentId: string) =>
  t.db.selectFrom('audit_log').select(['actor_kind', 'actor_id', 'action']).where('student_id', '=', studentId).where('actor_kind', '=', 'guardian').execute();

describe("a linked guardian's view of her daughter", () => {
  it('lists the posted terms only, opens a posted card and not one not yet posted', async () => {
    const terms = await motherClient.get(`/api/report-card-terms/${girl.id}`);
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual([expect.objectContaining({ year: POSTED.year, term: POSTED.term, posted: 1 })]);

    const card = await motherClient.get(`/api/report-card/${girl.id}/${POSTED.year}/${POSTED.term}`);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    expect(card.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const unposted = await motherClient.get(`/api/report-card/${girl.id}/${UNPOSTED.year}/${UNPOSTED.term}`);
    expect(unposted.statusCode).toBe(404);
    expect(unposted.body).not.toContain(girl.last_name);
  });

  it('reads her attendance and its report', async () => {
    const attendance = await motherClient.get(`/api/student-attendance/${girl.id}`);
    expect(attendance.statusCode).toBe(200);
    expect(attendance.json()).toMatchObject({ student_id: girl.id, first_name: girl.first_name, last_name: girl.last_name });
    const report = await motherClient.get(`/api/student-attendance-report/${girl.id}/2025-09-01/2025-12-15`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
  });

  it('writes every read to the audit log as the guardian, by her public ID', async () => {
    const before = (await guardianRows(sister.id)).length;
    for (const url of familyCalls(sister.id)) expect((await motherClient.get(url)).statusCode, url).toBe(200);
    const rows = await guardianRows(sister.id);
    expect(rows.length - before).toBe(4);
    expect(rows.slice(before).map((row) => row.action)).toEqual([
      'report-card-list.viewed',
      'report-card.viewed',
      'attendance.viewed',
      'attendance-report.viewed',
    ]);
    for (const row of rows) expect(row.actor_id).toBe(mother.publicId);
  });

  it("names her on the girl's privacy page with her relationship", async () => {
    const student = new TestClient(t.app, '10.60.0.9');
    await signInAsStudent(student, sister.id, STUDENT_PASSWORD);
    const page = (await student.get('/api/my-record-access')).json() as { entries: Array<{ staff: string; role: string; what: string }>; total: number };
    const hers = page.entries.filter((entry) => entry.role === 'guardian');
    expect(hers.length).toBeGreaterThanOrEqual(4);
    for (const entry of hers) expect(entry.staff).toBe('Mrs Joseph (mother)');
    expect(hers.map((entry) => entry.what)).toEqual(
      expect.arrayContaining([
        'Viewed the list of your report cards',
        `Opened your report card: 2025-2026 Term ${POSTED.term}`,
        'Viewed your attendance',
        'Opened your attendance report: 2025-09-01 to 2025-12-15',
      ]),
    );
    expect(page.total).toBe(page.entries.length);
  });

  it("does not log the girl's own reads", async () => {
    const student = new TestClient(t.app, '10.60.0.10');
    await signInAsStudent(student, girl.id, STUDENT_PASSWORD);
    const before = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('student_id', '=', girl.id)
      .where('actor_kind', '=', 'student')
      .where('action', '=', 'attendance.viewed')
      .execute();
    expect((await student.get(`/api/student-attendance/${girl.id}`)).statusCode).toBe(200);
    const after = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('student_id', '=', girl.id)
      .where('actor_kind', '=', 'student')
      .where('action', '=', 'attendance.viewed')
      .execute();
    expect(after.length).toBe(before.length);
  });
});

describe('GET /api/guardian/children', () => {
  it('lists each daughter she may see, with her class, relationship and registration status', async () => {
    await t.db
      .updateTable('form_progress')
      .set({ studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1, completed_on: 20250912 })
      .where('student_id', '=', girl.id)
      .execute();
    await t.db.updateTable('form_progress').set({ studentData: 1, familyData: 1 }).where('student_id', '=', sister.id).execute();
    const answer = await motherClient.get('/api/guardian/children');
    expect(answer.statusCode).toBe(200);
    const { children } = answer.json() as { children: Array<Record<string, unknown>> };
    expect(children).toHaveLength(2);
    const byId = Object.fromEntries(children.map((child) => [child.student_id, child]));
    expect(byId[girl.id]).toMatchObject({
      first_name: girl.first_name,
      last_name: girl.last_name,
      class_id: '4Q',
      relationship: 'mother',
      registration: { steps_done: 6, steps: 6, completed_on: '2025-09-12' },
    });
    expect(byId[sister.id]).toMatchObject({ class_id: '2B', registration: { steps_done: 2, steps: 6, completed_on: null } });
    expect(typeof byId[girl.id].link_id).toBe('string');
    expect(byId[girl.id].link_id).not.toMatch(/^\d+$/);

    // Each girl's status read is hers to see on her privacy page.
    const student = new TestClient(t.app, '10.60.0.12');
    await signInAsStudent(student, girl.id, STUDENT_PASSWORD);
    const entries = (await student.get('/api/my-record-access')).json().entries as Array<{ staff: string; role: string; what: string }>;
    expect(entries).toContainEqual(expect.objectContaining({ staff: 'Mrs Joseph (mother)', role: 'guardian', what: 'Viewed how far your registration is' }));
  });

  it('leaves out a restricted, a revoked and a no-view link, and answers a guardian with none an empty list', async () => {
    const father = await createGuardian(t.db);
    const fatherClient = await withGuardianSession(new TestClient(t.app, '10.60.0.2'), t.db, father);
    expect((await fatherClient.get('/api/guardian/children')).json()).toEqual({ children: [] });
    const third = await girlWithReports(t.db);
    await linkGuardian(t.db, father, girl.id, { relationship: 'father', restricted: true });
    await linkGuardian(t.db, father, sister.id, { relationship: 'father', revoked: true });
    await linkGuardian(t.db, father, third.id, { relationship: 'father' });
    await t.db.updateTable('guardian_links').set({ can_view: 0 }).where('guardian_id', '=', father.id).where('student_id', '=', third.id).execute();
    expect((await fatherClient.get('/api/guardian/children')).json()).toEqual({ children: [] });
    for (const url of [...familyCalls(girl.id), ...familyCalls(sister.id), ...familyCalls(third.id)]) {
      const answer = await fatherClient.get(url);
      expect(answer.statusCode, url).toBe(404);
    }
  });

  it('is a guardian call: staff and students are refused', async () => {
    const teacher = await signedInStaff(t.app, t.db, 'teacher-children', { role: 'teacher', classes: ['4Q'] });
    expect((await teacher.get('/api/guardian/children')).statusCode).toBe(403);
    const student = new TestClient(t.app, '10.60.0.11');
    await signInAsStudent(student, girl.id, STUDENT_PASSWORD);
    expect((await student.get('/api/guardian/children')).statusCode).toBe(403);
  });
});

describe("the teachers' class list", () => {
  it('says whether each student has a guardian with a live, unrestricted link, never who', async () => {
    const none = await girlWithReports(t.db);
    const restrictedOnly = await girlWithReports(t.db);
    const revokedOnly = await girlWithReports(t.db);
    const other = await createGuardian(t.db);
    await linkGuardian(t.db, other, restrictedOnly.id, { restricted: true });
    await linkGuardian(t.db, other, revokedOnly.id, { revoked: true });
    const teacher = await signedInStaff(t.app, t.db, 'teacher-4q', { role: 'teacher', classes: ['4Q'] });
    const answer = await teacher.get('/api/students');
    expect(answer.statusCode).toBe(200);
    const rows = answer.json() as Array<Record<string, unknown>>;
    const hasGuardian = Object.fromEntries(rows.map((row) => [row.id, row.has_guardian]));
    expect(hasGuardian).toMatchObject({ [girl.id]: true, [none.id]: false, [restrictedOnly.id]: false, [revokedOnly.id]: false });
    expect(answer.body).not.toContain('Mrs Joseph');
    expect(answer.body).not.toContain(mother.email);
  });
});
