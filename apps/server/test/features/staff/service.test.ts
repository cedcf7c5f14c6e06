import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, TestClient } from '../../helpers/test-app.ts';
import {
  ADMIN_PASSWORD,
  adminApp,
  createAdminUser,
  createStaffUser,
  createStudent,
  signedInAdmin,
  signedInStaff,
  signInAsAdmin,
} from '../../helpers/factories.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

const auditActions = async (action: string) =>
  (await t.db.selectFrom('audit_log').select(['actor_id', 'detail']).where('action', '=', action).orderBy('id').execute()).map(
    (row) => `${row.actor_id}: ${row.detail}`,
  );

describe('staff accounts', () => {
  it('adds a teacher with a class and a one-time password shown once; she changes it at her first sign-in', async () => {
    const added = await admin.post('/api/staff', { username: 'Ms.Joseph', display_name: 'Ms Joseph', role: 'teacher', classes: ['2C'] });
    expect(added.statusCode).toBe(200);
    const body = added.json();
    expect(body).toMatchObject({
      username: 'ms.joseph',
      display_name: 'Ms Joseph',
      role: 'teacher',
      classes: ['2C'],
      disabled: false,
      must_change_password: true,
    });
    expect(body.one_time_password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await admin.get('/api/staff')).json().find((row: { username: string }) => row.username === 'ms.joseph')).not.toHaveProperty('one_time_password');
    expect(await auditActions('staff.created')).toContain('registrar: ms.joseph: teacher (2C)');

    const teacher = await new TestClient(t.app).start();
    const signIn = await teacher.post('/api/admin-login', { name: 'ms.joseph', password: body.one_time_password });
    expect(signIn.json()).toEqual({ name: 'Admin', username: 'ms.joseph', must_change_password: true });
    expect((await teacher.get('/api/health-alerts/2C')).statusCode).toBe(403);
    expect((await teacher.post('/api/admin/change-password', { current_password: body.one_time_password, password: 'Breadfruit-Tree-51' })).statusCode).toBe(
      200,
    );
    expect((await teacher.get('/api/session')).json()).toMatchObject({ authenticated: true, admin: true, name: 'Admin', role: 'teacher', classes: ['2C'] });
    expect((await teacher.get('/api/health-alerts/2C')).statusCode).toBe(200);
  });

  it('answers every staff sign-in with the name Admin, and the session with her role and classes', async () => {
    await createStaffUser(t.db, 'front-desk', { role: 'office' });
    const office = await new TestClient(t.app).start();
    const signIn = await signInAsAdmin(office, 'front-desk');
    expect(signIn.json()).toEqual({ name: 'Admin', username: 'front-desk', must_change_password: false });
    expect((await office.get('/api/session')).json()).toMatchObject({ name: 'Admin', role: 'office', classes: [] });
    expect((await admin.get('/api/session')).json()).toMatchObject({ role: 'admin', classes: [] });
  });

  it('refuses an unknown class, a taken username and a role outside the three, changing nothing', async () => {
    const unknownClass = await admin.post('/api/staff', { username: 'mr-ali', display_name: 'Mr Ali', role: 'teacher', classes: ['9Z'] });
    expect(unknownClass.statusCode).toBe(422);
    expect(unknownClass.json()).toEqual({ message: 'There is no class 9Z.', errors: { classes: ['There is no class 9Z.'] } });
    expect((await admin.post('/api/staff', { username: 'registrar', display_name: 'Again', role: 'office' })).statusCode).toBe(422);
    expect((await admin.post('/api/staff', { username: 'mr-ali', display_name: 'Mr Ali', role: 'principal' })).statusCode).toBe(422);
    expect((await admin.patch('/api/staff/registrar', { role: 'owner' })).statusCode).toBe(422);
    expect((await admin.get('/api/staff')).json().map((row: { username: string }) => row.username)).not.toContain('mr-ali');
  });

  it('lets a change of role or classes count from the next request', async () => {
    const student = await createStudent(t.db, { class_id: '3A' });
    const teacher = await signedInStaff(t.app, t.db, 'ms-ramdial', { role: 'teacher', classes: ['3B'] });
    expect((await teacher.get(`/api/student-attendance/${student.id}`)).statusCode).toBe(403);
    expect((await admin.patch('/api/staff/ms-ramdial', { classes: ['3A'] })).json()).toMatchObject({ classes: ['3A'] });
    expect((await teacher.get(`/api/student-attendance/${student.id}`)).statusCode).toBe(200);
    expect((await teacher.get(`/api/student/${student.id}`)).statusCode).toBe(403);
    await admin.patch('/api/staff/ms-ramdial', { role: 'office' });
    expect((await teacher.get(`/api/student/${student.id}`)).statusCode).toBe(200);
    expect((await teacher.get('/api/staff')).statusCode).toBe(403);
    expect(await auditActions('staff.changed')).toContain('registrar: ms-ramdial: role → office');
  });

  it('ends every session of a disabled account at once, and refuses its sign-in like a wrong password', async () => {
    const first = await signedInStaff(t.app, t.db, 'mr-boodoo', { role: 'office' });
    const second = await signedInAdmin(t.app, 'mr-boodoo');
    expect((await admin.patch('/api/staff/mr-boodoo', { disabled: true })).json()).toMatchObject({ disabled: true });
    for (const client of [first, second]) expect((await client.get('/api/students')).statusCode).toBe(401);
    const again = await new TestClient(t.app).start();
    const refused = await again.post('/api/admin-login', { name: 'mr-boodoo', password: 'Savannah-Morning-7' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The username or password is incorrect.');
  });

  it('resets a password to a new one-time password, shown once, ending her sessions', async () => {
    const teacher = await signedInStaff(t.app, t.db, 'ms-khan', { role: 'teacher', classes: ['1B'] });
    const reset = (await admin.patch('/api/staff/ms-khan', { reset_password: true })).json();
    expect(reset).toMatchObject({ must_change_password: true });
    expect(reset.one_time_password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await teacher.get('/api/students')).statusCode).toBe(401);
    const again = await new TestClient(t.app).start();
    expect((await again.post('/api/admin-login', { name: 'ms-khan', password: reset.one_time_password })).json()).toMatchObject({ must_change_password: true });
  });

  it('answers 404 for an unknown account', async () => {
    expect((await admin.patch('/api/staff/nobody-here', { disabled: true })).statusCode).toBe(404);
  });
});

describe('the last enabled admin', () => {
  it('cannot be disabled or demoted, even by fifty changes sent at once to the last two admins', async () => {
    const own = await buildTestApp();
    try {
      await createAdminUser(own.db, 'head');
      await createStaffUser(own.db, 'deputy');
      const head = await signedInAdmin(own.app, 'head');
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          head.patch(`/api/staff/${index % 2 ? 'head' : 'deputy'}`, index % 4 < 2 ? { disabled: true } : { role: 'office' }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((status) => status !== 200 && status !== 409 && status !== 401)).toEqual([]);
      const admins = await own.db.selectFrom('admin_users').select('username').where('role', '=', 'admin').where('disabled', '=', 0).execute();
      expect(admins).toHaveLength(1);
      const conflict = responses.find((response) => response.statusCode === 409)!;
      expect(conflict.json()).toEqual({ message: 'The last enabled admin cannot be disabled or given another role.' });
    } finally {
      await own.close();
    }
  });

  it('refuses to demote or disable the only admin, and lets her be changed once there is another', async () => {
    const own = await buildTestApp();
    try {
      await createAdminUser(own.db, 'head');
      const head = await signedInAdmin(own.app, 'head');
      expect((await head.patch('/api/staff/head', { role: 'teacher', classes: ['1A'] })).statusCode).toBe(409);
      expect((await head.patch('/api/staff/head', { disabled: true })).statusCode).toBe(409);
      await createStaffUser(own.db, 'deputy', { role: 'office' });
      expect((await head.patch('/api/staff/deputy', { role: 'admin' })).statusCode).toBe(200);
      expect((await head.patch('/api/staff/head', { role: 'office' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("a staff member's e-mail address", () => {
  it('is set when an admin adds or changes an account, checked like the record’s e-mail fields, and removed when left empty', async () => {
    const added = await admin.post('/api/staff', { username: 'mail-1', display_name: 'Ms Mail', role: 'office', email: ' mail1@school.test ' });
    expect(added.statusCode).toBe(200);
    expect(added.json().email).toBe('mail1@school.test');
    const bad = await admin.patch('/api/staff/mail-1', { email: 'not an address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Invalid e-mail'] });
    const long = await admin.post('/api/staff', { username: 'mail-2', display_name: 'Ms Long', role: 'office', email: `${'a'.repeat(45)}@school.test` });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.email).toEqual(['At most 50 characters.']);
    expect((await admin.patch('/api/staff/mail-1', { email: 'new1@school.test' })).json().email).toBe('new1@school.test');
    expect((await admin.get('/api/staff')).json().find((row: { username: string }) => row.username === 'mail-1').email).toBe('new1@school.test');
    expect((await admin.patch('/api/staff/mail-1', { email: '' })).json().email).toBeNull();
    // A change that does not name the address keeps it.
    await admin.patch('/api/staff/mail-1', { email: 'kept@school.test' });
    expect((await admin.patch('/api/staff/mail-1', { display_name: 'Mrs Mail' })).json().email).toBe('kept@school.test');
  });

  it('is set by the staff member herself on her account page with her current password, audit-logged without the address; a student is refused', async () => {
    await createStaffUser(t.db, 'mail-3', { role: 'teacher', classes: ['1A'] });
    const teacher = await signedInAdmin(t.app, 'mail-3');
    const put = (body: Record<string, unknown>) => teacher.request('PUT', '/api/account/email', body);
    expect((await teacher.get('/api/account/email')).json()).toEqual({ email: null });
    expect((await put({ email: 'me@school.test', current_password: ADMIN_PASSWORD })).json()).toEqual({ email: 'me@school.test' });
    expect((await teacher.get('/api/account/email')).json()).toEqual({ email: 'me@school.test' });
    const bad = await put({ email: 'me@school', current_password: ADMIN_PASSWORD });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Invalid e-mail'] });
    expect((await put({ email: null, current_password: ADMIN_PASSWORD })).json()).toEqual({ email: null });
    expect(await auditActions('staff.email-changed')).toEqual(['mail-3: mail-3: set', 'mail-3: mail-3: removed']);

    const student = await createStudent(t.db, {}, { password: 'Hibiscus-Garden-42' });
    const client = await new TestClient(t.app).start();
    await client.post('/api/login-student', { student_id: student.id, password: 'Hibiscus-Garden-42' });
    expect((await client.request('PUT', '/api/account/email', { email: 'me@school.test', current_password: 'Hibiscus-Garden-42' })).statusCode).toBe(403);
  });

  it('refuses a display name holding a control character, U+FFFE or U+FFFF with 422, saving nothing', async () => {
    await createStaffUser(t.db, 'mail-5', { role: 'office' });
    const admin = await signedInAdmin(t.app);
    for (const name of ['Mrs\uFFFFAli', 'Mrs\u0007Ali', 'Mrs\nAli', 'Mrs\uFFFEAli']) {
      const refused = await admin.patch('/api/staff/mail-5', { display_name: name });
      expect(refused.statusCode, JSON.stringify(name)).toBe(422);
      expect(refused.json().errors.display_name).toEqual([messages.forbiddenCharacter('The display name')]);
    }
    const created = await admin.post('/api/staff', { username: 'mail-6', display_name: 'Mr\u001BBad', role: 'office', classes: [] });
    expect(created.statusCode).toBe(422);
    expect(await t.db.selectFrom('admin_users').select('display_name').where('username', 'in', ['mail-5', 'mail-6']).execute()).toEqual([
      { display_name: null },
    ]);
  });

  it('changes only with her current password, and tells the address she had', async () => {
    await createStaffUser(t.db, 'mail-4', { role: 'office' });
    const office = await signedInAdmin(t.app, 'mail-4');
    const put = (body: Record<string, unknown>) => office.request('PUT', '/api/account/email', body);
    expect((await put({ email: 'first@school.test', current_password: ADMIN_PASSWORD })).statusCode).toBe(200);
    const told = () =>
      t.db
        .selectFrom('outbox')
        .select(['recipient', 'subject', 'text_body'])
        .where('event', '=', 'staff-security.email-changed:mail-4')
        .orderBy('id')
        .execute();
    // Setting a first address tells no one: there was no address to tell.
    expect(await told()).toEqual([]);

    // Without her password, or with a wrong one, nothing changes and no one is told.
    const missing = await put({ email: 'thief@example.org' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [messages.enterCurrentPassword] });
    const wrong = await put({ email: 'thief@example.org', current_password: 'not-her-password' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['current_password']);
    expect((await office.get('/api/account/email')).json()).toEqual({ email: 'first@school.test' });
    expect(await told()).toEqual([]);

    // With it, the address changes and the old one is told, without the new one.
    expect((await put({ email: 'second@school.test', current_password: ADMIN_PASSWORD })).json()).toEqual({ email: 'second@school.test' });
    const [notice] = await told();
    expect(notice).toMatchObject({ recipient: 'first@school.test', subject: `${t.config.schoolName}: the notice address of your staff account was changed` });
    expect(notice!.text_body).toContain('The e-mail address for the security notices of your staff account mail-4 was changed on');
    expect(notice!.text_body).not.toContain('second@school.test');
    // Removing it tells the address she had too.
    expect((await put({ email: null, current_password: ADMIN_PASSWORD })).json()).toEqual({ email: null });
    expect((await told()).map((row) => row.recipient)).toEqual(['first@school.test', 'second@school.test']);
  });
});
