import { messages } from '@school/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../../../src/lib/xlsx/csv-records.ts';
import { expectAllowanceHeld, exportsOf, withFactorGiven } from '../../helpers/export-guard.ts';
import { createAdminUser, createStaffUser, createStudent, signedInAdmin, signedInStaff, signedInStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession } from '../../helpers/guardians.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { filesOfZip } from '../../helpers/zip.ts';

/**
 * The OneRoster 1.2 CSV binding's columns of each file, in its order, written out here from the
 * binding's tables (not read from the code under test).
 */
const bindingColumns: Record<string, string[]> = {
  'orgs.csv': ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  'academicSessions.csv': ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  'courses.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  'classes.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  'users.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
    'userMasterIdentifier',
    'resourceSourcedIds',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
  'roles.csv': ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'],
  'enrollments.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
};

/** The binding's manifest entries for files, in its order. */
const manifestFileEntries = [
  'academicSessions',
  'categories',
  'classes',
  'classResources',
  'courses',
  'courseResources',
  'demographics',
  'enrollments',
  'lineItemLearningObjectiveIds',
  'lineItems',
  'lineItemScoreScales',
  'orgs',
  'resources',
  'resultLearningObjectiveIds',
  'results',
  'resultScoreScales',
  'roles',
  'scoreScales',
  'userProfiles',
  'userResources',
  'users',
].map((file) => `file.${file}`);

type Row = Record<string, string>;
/** A downloaded roster: the manifest's properties, each file's header and rows (by column), and each file's raw text. */
type Roster = { manifest: Map<string, string>; headers: Map<string, string[]>; rows: Map<string, Row[]>; text: Map<string, string> };

/** Reads a roster download: every file of its ZIP, parsed as the CSV it is. */
async function readRoster(response: LightMyRequestResponse): Promise<Roster> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const files = await filesOfZip(response.rawPayload);
  const roster: Roster = { manifest: new Map(), headers: new Map(), rows: new Map(), text: new Map() };
  for (const [name, bytes] of files) {
    const text = bytes.toString('utf8');
    roster.text.set(name, text);
    const [header, ...records] = [...csvRecords(text)];
    if (name === 'manifest.csv') {
      expect(header).toEqual(['propertyName', 'value']);
      for (const [property, value] of records) roster.manifest.set(property, value);
      continue;
    }
    roster.headers.set(name, header);
    roster.rows.set(
      name,
      records.map((cells) => Object.fromEntries(header.map((column, index) => [column, cells[index]]))),
    );
  }
  return roster;
}

const rowsOf = (roster: Roster, file: string): Row[] => roster.rows.get(file) ?? [];
const idsOf = (roster: Roster, file: string) => new Set(rowsOf(roster, file).map((row) => row.sourcedId));
const listed = (cell: string) => (cell ? cell.split(',') : []);
/** The user row named so (a student's username is her ID; staff and guardians have theirs). */
const userNamed = (roster: Roster, username: string) => rowsOf(roster, 'users.csv').find((row) => row.username === username);
const roleOf = (roster: Roster, user: Row | undefined) => rowsOf(roster, 'roles.csv').find((row) => row.userSourcedId === user?.sourcedId)?.role;
const enrollmentsOf = (roster: Roster, user: Row | undefined) => rowsOf(roster, 'enrollments.csv').filter((row) => row.userSourcedId === user?.sourcedId);
const classNamed = (roster: Roster, classCode: string) => rowsOf(roster, 'classes.csv').find((row) => row.classCode === classCode);

let t: TestApp;
let admin: TestClient;
let year: number;
const guardians: Record<string, { id: number; email: string }> = {};

beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional', exportDailyLimit: 1000 });
  await createAdminUser(t.db);
  admin = await signedInAdmin(t.app);
  ({ year } = await t.db.selectFrom('school_year').select('year').executeTakeFirstOrThrow());
  await t.db
    .insertInto('terms')
    .values([
      { year, term: '1', start_date: `${year}-09-07`, end_date: `${year}-12-16` },
      { year, term: '2', start_date: `${year + 1}-01-05`, end_date: `${year + 1}-04-01` },
      { year, term: '3', start_date: `${year + 1}-04-19`, end_date: `${year + 1}-07-02` },
    ])
    .execute();
  await createStudent(t.db, { id: 'ROS-1', first_name: 'Aaliyah', last_name: 'Baptiste', middle_name: 'Marie', class_id: '1A' });
  await createStudent(t.db, { id: 'ROS-2', first_name: 'Brianna', last_name: 'Baptiste', class_id: '1A' });
  await createStudent(t.db, { id: 'ROS-3', first_name: 'Chloe', last_name: 'Ramdass', class_id: '2B' });
  // Her school account is the address the school's other systems know her by (decision 076).
  expect((await admin.put('/api/students/ROS-3/school-account', { school_account: 'chloe.ramdass@school.example' })).statusCode).toBe(200);
  await createStudent(t.db, { id: 'ROS-LEFT', first_name: 'Dana', last_name: 'Gone', class_id: '3A' });
  expect((await admin.post('/api/students/ROS-LEFT/left', { reason: 'Moved abroad' })).statusCode).toBe(200);

  await createStaffUser(t.db, 'ros-teacher', { role: 'teacher', classes: ['1A'] });
  await createStaffUser(t.db, 'ros-teacher2', { role: 'teacher', classes: ['1A', '2B'] });
  await createStaffUser(t.db, 'ros-office', { role: 'office' });
  await createStaffUser(t.db, 'ros-disabled', { role: 'teacher', classes: ['2B'] });
  await t.db
    .updateTable('admin_users')
    .set({ display_name: 'Mrs Ana Maria Joseph', email: 'a.joseph@school.example' })
    .where('username', '=', 'ros-teacher')
    .execute();
  await t.db.updateTable('admin_users').set({ disabled: 1 }).where('username', '=', 'ros-disabled').execute();

  const mother = await createGuardian(t.db, { name: 'Joan Baptiste', email: 'joan.baptiste@example.org' });
  await linkGuardian(t.db, mother, 'ROS-1', { relationship: 'mother' });
  await linkGuardian(t.db, mother, 'ROS-2', { relationship: 'mother' });
  const aunt = await createGuardian(t.db, { name: 'Vera Ramdass', email: 'vera.ramdass@example.org' });
  await linkGuardian(t.db, aunt, 'ROS-3', { relationship: 'guardian' });
  const restricted = await createGuardian(t.db, { name: 'Kept Away', email: 'kept.away@example.org' });
  await linkGuardian(t.db, restricted, 'ROS-3', { relationship: 'father', restricted: true });
  const revoked = await createGuardian(t.db, { name: 'Revo Ked', email: 'revo.ked@example.org' });
  await linkGuardian(t.db, revoked, 'ROS-1', { relationship: 'father', revoked: true });
  const leaversMother = await createGuardian(t.db, { name: 'Lena Gone', email: 'lena.gone@example.org' });
  await linkGuardian(t.db, leaversMother, 'ROS-LEFT', { relationship: 'mother' });
  Object.assign(guardians, { mother, aunt, restricted, revoked, leaversMother });
});
afterAll(() => t.close());

describe('GET /api/oneroster.zip', () => {
  it('hands out a ZIP of OneRoster 1.2 files, each with the binding’s columns in order, and a manifest that names every file', async () => {
    const response = await admin.get('/api/oneroster.zip');
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="OneRoster \d{4}-\d{2}-\d{2}\.zip"/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const roster = await readRoster(response);

    expect([...roster.manifest.keys()]).toEqual(['manifest.version', 'oneroster.version', ...manifestFileEntries, 'source.systemName', 'source.systemCode']);
    expect(roster.manifest.get('manifest.version')).toBe('1.0');
    expect(roster.manifest.get('oneroster.version')).toBe('1.2');
    expect(roster.manifest.get('source.systemName')).toBe('School Portal');
    expect(roster.manifest.get('source.systemCode')).not.toBe('');
    for (const file of Object.keys(bindingColumns)) {
      expect(roster.manifest.get(`file.${file.replace('.csv', '')}`), file).toBe('bulk');
      expect(roster.headers.get(file), file).toEqual(bindingColumns[file]);
      expect(rowsOf(roster, file).length, file).toBeGreaterThan(0);
    }
    for (const absent of ['categories', 'demographics', 'lineItems', 'results', 'userProfiles']) expect(roster.manifest.get(`file.${absent}`)).toBe('absent');
    // The ZIP holds the manifest and the files it says are bulk, at its root, and nothing else.
    expect([...roster.text.keys()].sort()).toEqual(['manifest.csv', ...Object.keys(bindingColumns)].sort());

    for (const [name, text] of roster.text) {
      // UTF-8 without a byte-order mark, lines ended CRLF, every row as wide as its header.
      expect(text.charCodeAt(0), name).not.toBe(0xfeff);
      expect(text.endsWith('\r\n'), name).toBe(true);
      const records = [...csvRecords(text)];
      for (const record of records) expect(record.length, name).toBe(records[0].length);
    }
    for (const [name, rows] of roster.rows)
      for (const row of rows) {
        // Bulk: every row in it is active, so status and dateLastModified are left blank (decision 075).
        expect(row.status, name).toBe('');
        expect(row.dateLastModified, name).toBe('');
        expect(row.sourcedId, name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
    for (const [name] of roster.rows) expect(new Set(rowsOf(roster, name).map((row) => row.sourcedId)).size, name).toBe(rowsOf(roster, name).length);
  });

  it('holds together: every id a row names is a row of the roster', async () => {
    const roster = await readRoster(await admin.get('/api/oneroster.zip'));
    const orgs = idsOf(roster, 'orgs.csv');
    const sessions = idsOf(roster, 'academicSessions.csv');
    const courses = idsOf(roster, 'courses.csv');
    const classes = idsOf(roster, 'classes.csv');
    const users = idsOf(roster, 'users.csv');
    expect(orgs.size).toBe(1);
    for (const session of rowsOf(roster, 'academicSessions.csv')) if (session.parentSourcedId) expect(sessions).toContain(session.parentSourcedId);
    for (const course of rowsOf(roster, 'courses.csv')) {
      expect(orgs).toContain(course.orgSourcedId);
      expect(sessions).toContain(course.schoolYearSourcedId);
    }
    for (const formClass of rowsOf(roster, 'classes.csv')) {
      expect(orgs).toContain(formClass.schoolSourcedId);
      expect(courses).toContain(formClass.courseSourcedId);
      expect(listed(formClass.termSourcedIds).length).toBeGreaterThan(0);
      for (const term of listed(formClass.termSourcedIds)) expect(sessions).toContain(term);
    }
    for (const enrollment of rowsOf(roster, 'enrollments.csv')) {
      expect(users).toContain(enrollment.userSourcedId);
      expect(classes).toContain(enrollment.classSourcedId);
      expect(orgs).toContain(enrollment.schoolSourcedId);
    }
    for (const role of rowsOf(roster, 'roles.csv')) {
      expect(users).toContain(role.userSourcedId);
      expect(orgs).toContain(role.orgSourcedId);
      expect(role.roleType).toBe('primary');
    }
    // One primary role per user.
    expect(
      rowsOf(roster, 'roles.csv')
        .map((role) => role.userSourcedId)
        .sort(),
    ).toEqual([...users].sort());
    const usersById = new Map(rowsOf(roster, 'users.csv').map((user) => [user.sourcedId, user]));
    for (const user of usersById.values()) {
      expect(orgs).toContain(user.primaryOrgSourcedId);
      // An agent is a user of the roster, and names this user back.
      for (const agent of listed(user.agentSourcedIds)) {
        expect(users).toContain(agent);
        expect(listed(usersById.get(agent)!.agentSourcedIds)).toContain(user.sourcedId);
      }
    }
  });

  it('names the year and its terms, a course per form and each form class as a homeroom', async () => {
    const roster = await readRoster(await admin.get('/api/oneroster.zip'));
    const sessions = rowsOf(roster, 'academicSessions.csv');
    const schoolYear = sessions.find((session) => session.type === 'schoolYear')!;
    expect(schoolYear).toMatchObject({
      title: `${year}-${year + 1}`,
      startDate: `${year}-09-07`,
      endDate: `${year + 1}-07-02`,
      parentSourcedId: '',
      schoolYear: String(year + 1),
    });
    const terms = sessions.filter((session) => session.type === 'term');
    expect(terms.map((term) => [term.startDate, term.parentSourcedId, term.schoolYear])).toEqual([
      [`${year}-09-07`, schoolYear.sourcedId, String(year + 1)],
      [`${year + 1}-01-05`, schoolYear.sourcedId, String(year + 1)],
      [`${year + 1}-04-19`, schoolYear.sourcedId, String(year + 1)],
    ]);
    expect(terms[0].title).toMatch(/^Term 1/);
    const formClass = classNamed(roster, '1A')!;
    expect(formClass).toMatchObject({ title: 'Form 1 – 1A', classType: 'homeroom' });
    expect(listed(formClass.termSourcedIds)).toEqual(terms.map((term) => term.sourcedId));
    expect(rowsOf(roster, 'courses.csv').find((course) => course.sourcedId === formClass.courseSourcedId)?.title).toBe('Form 1');
    expect(rowsOf(roster, 'orgs.csv')[0]).toMatchObject({ name: t.config.schoolName, type: 'school' });
  });

  it('lists students, staff and guardians with their roles, each guardian linked both ways along live, unrestricted links only', async () => {
    const roster = await readRoster(await admin.get('/api/oneroster.zip'));
    const aaliyah = userNamed(roster, 'ROS-1')!;
    expect(aaliyah).toMatchObject({ givenName: 'Aaliyah', familyName: 'Baptiste', middleName: 'Marie', identifier: 'ROS-1', enabledUser: 'true', email: '' });
    expect(roleOf(roster, aaliyah)).toBe('student');
    expect(enrollmentsOf(roster, aaliyah)).toEqual([
      expect.objectContaining({ classSourcedId: classNamed(roster, '1A')!.sourcedId, role: 'student', primary: 'false' }),
    ]);

    // Her mother, linked to both daughters, is their parent; the revoked father is no one's.
    const mother = userNamed(roster, 'joan.baptiste@example.org')!;
    expect(mother).toMatchObject({ givenName: 'Joan', familyName: 'Baptiste', email: 'joan.baptiste@example.org', enabledUser: 'true' });
    expect(roleOf(roster, mother)).toBe('parent');
    expect(listed(mother.agentSourcedIds).sort()).toEqual([aaliyah.sourcedId, userNamed(roster, 'ROS-2')!.sourcedId].sort());
    expect(listed(aaliyah.agentSourcedIds)).toEqual([mother.sourcedId]);
    expect(userNamed(roster, 'revo.ked@example.org')).toBeUndefined();

    // A guardian who is not a parent is a guardian; the father whose link is restricted (custody) is not in the roster at all.
    const chloe = userNamed(roster, 'ROS-3')!;
    expect(chloe.email).toBe('chloe.ramdass@school.example');
    const aunt = userNamed(roster, 'vera.ramdass@example.org')!;
    expect(roleOf(roster, aunt)).toBe('guardian');
    expect(listed(chloe.agentSourcedIds)).toEqual([aunt.sourcedId]);
    expect(userNamed(roster, 'kept.away@example.org')).toBeUndefined();
    expect(roster.text.get('users.csv')).not.toContain('Kept');

    // Students who have left are left out (decision 069), and with them a guardian linked to no one else.
    expect(userNamed(roster, 'ROS-LEFT')).toBeUndefined();
    expect(userNamed(roster, 'lena.gone@example.org')).toBeUndefined();

    // Staff: a teacher in her classes (the only teacher of 2B is its primary one), the office, the admin; a disabled teacher is disabled and in no class.
    const teacher = userNamed(roster, 'ros-teacher')!;
    expect(teacher).toMatchObject({ givenName: 'Mrs Ana Maria', familyName: 'Joseph', email: 'a.joseph@school.example', enabledUser: 'true' });
    expect(roleOf(roster, teacher)).toBe('teacher');
    expect(enrollmentsOf(roster, teacher)).toEqual([
      expect.objectContaining({ classSourcedId: classNamed(roster, '1A')!.sourcedId, role: 'teacher', primary: 'false' }),
    ]);
    const second = userNamed(roster, 'ros-teacher2')!;
    expect(enrollmentsOf(roster, second).map((enrollment) => [enrollment.classSourcedId, enrollment.primary])).toEqual([
      [classNamed(roster, '1A')!.sourcedId, 'false'],
      [classNamed(roster, '2B')!.sourcedId, 'true'],
    ]);
    expect(roleOf(roster, userNamed(roster, 'ros-office'))).toBe('ext:officeStaff');
    expect(roleOf(roster, userNamed(roster, 'registrar'))).toBe('siteAdministrator');
    const disabled = userNamed(roster, 'ros-disabled')!;
    expect(disabled.enabledUser).toBe('false');
    expect(enrollmentsOf(roster, disabled)).toEqual([]);
  });

  it('with leavers=include, lists those who have left as disabled accounts in no class, with their guardians', async () => {
    const roster = await readRoster(await admin.get('/api/oneroster.zip?leavers=include'));
    const dana = userNamed(roster, 'ROS-LEFT')!;
    expect(dana).toMatchObject({ enabledUser: 'false', givenName: 'Dana' });
    expect(roleOf(roster, dana)).toBe('student');
    expect(enrollmentsOf(roster, dana)).toEqual([]);
    expect(listed(dana.agentSourcedIds)).toEqual([userNamed(roster, 'lena.gone@example.org')!.sourcedId]);
    const refused = await admin.get('/api/oneroster.zip?leavers=all');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(messages.leaversChoice);
  });

  it('gives every row the same opaque sourcedId on every export, naming no student ID, and another portal other ones', async () => {
    const idsOfEveryFile = (roster: Roster) => new Map([...roster.rows].map(([name, rows]) => [name, rows.map((row) => row.sourcedId).sort()]));
    const first = await readRoster(await admin.get('/api/oneroster.zip'));
    const second = await readRoster(await admin.get('/api/oneroster.zip'));
    expect(idsOfEveryFile(second)).toEqual(idsOfEveryFile(first));
    expect(userNamed(second, 'ROS-1')!.sourcedId).toBe(userNamed(first, 'ROS-1')!.sourcedId);

    // No id column of any file holds a student's ID or a row number.
    const studentIds = rowsOf(first, 'users.csv')
      .filter((user) => roleOf(first, user) === 'student')
      .map((user) => user.identifier);
    expect(studentIds).toContain('ROS-1');
    for (const [name, rows] of first.rows)
      for (const row of rows)
        for (const [column, value] of Object.entries(row))
          if (/sourcedids?$/i.test(column))
            for (const id of listed(value)) {
              expect(id, `${name} ${column}`).toMatch(/^[0-9a-f-]{36}$/);
              for (const studentId of studentIds) expect(id.toLowerCase()).not.toContain(studentId.toLowerCase());
            }

    // The same student on another portal (another key) gets another id: one school's ids tell nothing of another's.
    const other = await buildTestApp({ staffMfa: 'optional' });
    try {
      await createAdminUser(other.db);
      await createStudent(other.db, { id: 'ROS-1', first_name: 'Aaliyah', last_name: 'Baptiste', class_id: '1A' });
      const elsewhere = await readRoster(await (await signedInAdmin(other.app)).get('/api/oneroster.zip'));
      expect(userNamed(elsewhere, 'ROS-1')!.sourcedId).not.toBe(userNamed(first, 'ROS-1')!.sourcedId);
    } finally {
      await other.close();
    }
  });

  it('with since, hands out only the rows changed after it, dated, and the rows gone since as tobedeleted', async () => {
    const before = await readRoster(await admin.get('/api/oneroster.zip'));
    const since = new Date().toISOString();
    // After that moment: a student renamed, one new, one who leaves, a guardian's link revoked.
    await createStudent(t.db, { id: 'ROS-NEW', first_name: 'Esther', last_name: 'New', class_id: '2B' });
    await t.db.updateTable('students').set({ last_name: 'Baptiste-Cole' }).where('id', '=', 'ROS-2').execute();
    expect((await admin.post('/api/students/ROS-3/left', { reason: 'Moved to another school' })).statusCode).toBe(200);

    const response = await admin.get(`/api/oneroster.zip?since=${encodeURIComponent(since)}`);
    expect(response.headers['content-disposition']).toMatch(/filename="OneRoster changes \d{4}-\d{2}-\d{2}\.zip"/);
    const delta = await readRoster(response);
    for (const file of ['users.csv', 'roles.csv', 'enrollments.csv']) {
      expect(delta.manifest.get(`file.${file.replace('.csv', '')}`), file).toBe('delta');
      expect(delta.headers.get(file), file).toEqual(bindingColumns[file]);
    }
    // Nothing of the school, its year or its classes changed: those files are absent, and not in the ZIP.
    for (const file of ['orgs', 'academicSessions', 'courses', 'classes']) {
      expect(delta.manifest.get(`file.${file}`)).toBe('absent');
      expect(delta.text.has(`${file}.csv`)).toBe(false);
    }
    for (const rows of delta.rows.values())
      for (const row of rows) {
        expect(['active', 'tobedeleted']).toContain(row.status);
        expect(row.dateLastModified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(row.dateLastModified > since).toBe(true);
      }

    const users = rowsOf(delta, 'users.csv');
    const status = (username: string) => users.find((user) => user.username === username)?.status;
    expect(status('ROS-NEW')).toBe('active');
    expect(users.find((user) => user.username === 'ROS-2')).toMatchObject({ status: 'active', familyName: 'Baptiste-Cole' });
    // She left: her account, role and place in 2B are to be deleted; her aunt, now linked to no one, goes too.
    const chloe = userNamed(before, 'ROS-3')!;
    expect(users.find((user) => user.sourcedId === chloe.sourcedId)?.status).toBe('tobedeleted');
    expect(status('vera.ramdass@example.org')).toBe('tobedeleted');
    expect(rowsOf(delta, 'roles.csv').find((role) => role.userSourcedId === chloe.sourcedId)?.status).toBe('tobedeleted');
    expect(enrollmentsOf(delta, chloe).map((enrollment) => enrollment.status)).toEqual(['tobedeleted']);
    expect(enrollmentsOf(delta, userNamed(delta, 'ROS-NEW')).map((enrollment) => enrollment.status)).toEqual(['active']);
    // Those not changed are not in it.
    for (const unchanged of ['ROS-1', 'ros-teacher', 'ros-office', 'joan.baptiste@example.org']) expect(userNamed(delta, unchanged), unchanged).toBeUndefined();

    // The answer's Last-Modified is its latest change: asked again since then, nothing has changed.
    const lastModified = new Date(response.headers['last-modified'] as string);
    expect(lastModified.getTime()).toBeGreaterThan(Date.parse(since) - 1000);
    const none = await readRoster(await admin.get(`/api/oneroster.zip?since=${encodeURIComponent(new Date().toISOString())}`));
    expect([...none.text.keys()]).toEqual(['manifest.csv']);
    expect(manifestFileEntries.map((entry) => none.manifest.get(entry))).toEqual(manifestFileEntries.map(() => 'absent'));
    // A since taken from Last-Modified misses no change made after it.
    await t.db.updateTable('students').set({ first_name: 'Aaliyah-Rose' }).where('id', '=', 'ROS-1').execute();
    const after = await readRoster(await admin.get(`/api/oneroster.zip?since=${encodeURIComponent(lastModified.toISOString())}`));
    expect(userNamed(after, 'ROS-1')).toMatchObject({ status: 'active', givenName: 'Aaliyah-Rose' });
    // And the whole roster still lists every row that is in it, with no status.
    const whole = await readRoster(await admin.get('/api/oneroster.zip'));
    expect(userNamed(whole, 'ROS-3')).toBeUndefined();
    expect(userNamed(whole, 'ROS-NEW')).toMatchObject({ status: '' });
  });

  it('refuses a since that is not a moment with its zone, or is later than the portal’s clock, 400 with its message, counting no export', async () => {
    const office = await signedInStaff(t.app, t.db, 'ros-since', { role: 'admin' });
    for (const since of [
      'yesterday',
      '2026-09-01',
      '2026-09-01T08:00:00',
      '2026-02-30T08:00:00Z',
      '2026-09-01T25:00:00Z',
      '',
      `2026-09-01T08:00:00${'0'.repeat(60)}Z`,
    ]) {
      const refused = await office.get(`/api/oneroster.zip?since=${encodeURIComponent(since)}`);
      expect(refused.statusCode, since).toBe(400);
      expect(refused.json().message, since).toBe(messages.rosterSince);
      expect(refused.json().errors.since, since).toEqual([messages.rosterSince]);
    }
    const ahead = await office.get(`/api/oneroster.zip?since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toMatch(/^since is later than the portal's clock/);
    expect(await exportsOf(t.db, 'ros-since')).toBeUndefined();
    // A moment with an offset, or without seconds, is read on its own clock.
    expect((await office.get(`/api/oneroster.zip?since=${encodeURIComponent('2020-01-01T04:00-04:00')}`)).statusCode).toBe(200);
  });

  it('hands out a new year’s sessions, courses, classes and enrollments after the year moves on, last year’s as tobedeleted, and keeps each person’s id', async () => {
    const before = await readRoster(await admin.get('/api/oneroster.zip'));
    const since = new Date().toISOString();
    await t.db
      .updateTable('school_year')
      .set({ year: year + 1 })
      .execute();
    try {
      const delta = await readRoster(await admin.get(`/api/oneroster.zip?since=${encodeURIComponent(since)}`));
      const statusOf = (file: string, sourcedId: string) => rowsOf(delta, file).find((row) => row.sourcedId === sourcedId)?.status;
      const oldClass = classNamed(before, '1A')!;
      expect(statusOf('classes.csv', oldClass.sourcedId)).toBe('tobedeleted');
      const newClass = rowsOf(delta, 'classes.csv').find((row) => row.classCode === '1A' && row.status === 'active')!;
      expect(newClass.sourcedId).not.toBe(oldClass.sourcedId);
      expect(rowsOf(delta, 'academicSessions.csv').find((session) => session.type === 'schoolYear' && session.status === 'active')?.title).toBe(
        `${year + 1}-${year + 2}`,
      );
      const aaliyah = userNamed(before, 'ROS-1')!;
      expect(enrollmentsOf(delta, aaliyah).map((enrollment) => [enrollment.classSourcedId, enrollment.status])).toEqual([
        [newClass.sourcedId, 'active'],
        [oldClass.sourcedId, 'tobedeleted'],
      ]);
      // She is the same person: her own row did not change.
      expect(userNamed(delta, 'ROS-1')).toBeUndefined();
    } finally {
      await t.db.updateTable('school_year').set({ year }).execute();
    }
  });

  it('writes a name that starts with = + - @ as text, with the leading quote every file of the portal gives it', async () => {
    await createStudent(t.db, { id: 'ROS-F', first_name: '=HYPERLINK("http://evil.example","Click")', last_name: '+Sum', middle_name: '@cmd', class_id: '1A' });
    const roster = await readRoster(await admin.get('/api/oneroster.zip'));
    expect(userNamed(roster, 'ROS-F')).toMatchObject({ givenName: `'=HYPERLINK("http://evil.example","Click")`, familyName: "'+Sum", middleName: "'@cmd" });
    expect(roster.text.get('users.csv')).not.toMatch(/(^|,)[=+@-]/m);
  });

  it('is for admins: a teacher, the office, a student, a guardian and a visitor are refused', async () => {
    const teacher = await signedInStaff(t.app, t.db, 'ros-refused-teacher', { role: 'teacher', classes: ['1A'] });
    const office = await signedInStaff(t.app, t.db, 'ros-refused-office', { role: 'office' });
    const { client: student } = await signedInStudent(t, { class_id: '1A' });
    const guardian = await withGuardianSession(new TestClient(t.app), t.db, guardians.mother);
    for (const [who, client] of [
      ['teacher', teacher],
      ['office', office],
      ['student', student],
      ['guardian', guardian],
    ] as const)
      expect((await client.get('/api/oneroster.zip')).statusCode, who).toBe(403);
    expect((await new TestClient(t.app).get('/api/oneroster.zip')).statusCode).toBe(401);
    const exported = await t.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'oneroster.exported').execute();
    expect(exported.map((row) => row.actor_id)).not.toContain('ros-refused-office');
  });
});

describe('the guard on the roster', () => {
  it('asks an admin with a second factor for it again after 15 minutes, and audits each export with the students it held', async () => {
    const strict = await signedInStaff(t.app, t.db, 'ros-stepup', { role: 'admin' });
    await withFactorGiven(t.db, 'ros-stepup', 16);
    const asked = await strict.get('/api/oneroster.zip');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ code: 'step_up_required', message: messages.stepUpRequired, enrolled: true });
    await withFactorGiven(t.db, 'ros-stepup', 14);
    await readRoster(await strict.get('/api/oneroster.zip'));
    await readRoster(await strict.get(`/api/oneroster.zip?since=${encodeURIComponent('2020-01-01T00:00:00Z')}&leavers=include`));
    const atSchool = Number(
      (
        await t.db
          .selectFrom('students')
          .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('student_leavers.student_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const all = Number(
      (
        await t.db
          .selectFrom('students')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const notes = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('actor_id', '=', 'ros-stepup')
      .where('action', '=', 'oneroster.exported')
      .orderBy('id')
      .execute();
    expect(notes.map((row) => row.detail)).toEqual([
      `the whole roster: ${atSchool} students`,
      expect.stringMatching(new RegExp(`^changes since 2019-12-31 \\d{2}:00:00, those who have left included: ${all} students$`)),
    ]);
  });

  it('lets no more than the day’s allowance of 50 rosters asked for at once through, each whole and the same', async () => {
    const LIMIT = 6;
    const own = await buildTestApp({ staffMfa: 'optional', exportDailyLimit: LIMIT });
    try {
      await createAdminUser(own.db);
      for (let index = 0; index < 30; index += 1) await createStudent(own.db, { id: `BUSY-${index}`, class_id: index % 2 ? '1A' : '2B' });
      const busy = await signedInAdmin(own.app);
      const answers = await Promise.all(Array.from({ length: 50 }, () => busy.get('/api/oneroster.zip')));
      expectAllowanceHeld(answers, LIMIT);
      const made = await Promise.all(answers.filter((answer) => answer.statusCode === 200).map(readRoster));
      for (const roster of made) {
        expect(rowsOf(roster, 'users.csv').filter((user) => user.username.startsWith('BUSY-'))).toHaveLength(30);
        expect(roster.text.get('users.csv')).toBe(made[0].text.get('users.csv'));
      }
      expect(await exportsOf(own.db, 'registrar')).toBe(LIMIT);
      expect(await own.db.selectFrom('audit_log').select('id').where('action', '=', 'oneroster.exported').execute()).toHaveLength(LIMIT);
      // The rows kept of the roster are each kept once, whatever the order the exports ran in.
      const kept = await own.db.selectFrom('roster_rows').select(['sourced_id', 'deleted_at']).execute();
      expect(new Set(kept.map((row) => row.sourced_id)).size).toBe(kept.length);
      expect(kept.filter((row) => row.deleted_at !== null)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
