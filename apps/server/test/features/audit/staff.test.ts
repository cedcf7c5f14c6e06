import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembersOf } from '../../../src/features/audit/staff.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signedInAdmin, signedInStaff } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

describe('the staff members behind audit rows', () => {
  it('reads each account’s display name and role, and names an account no longer there by its username', async () => {
    await t.db
      .insertInto('admin_users')
      .values({
        username: 'ms-joseph',
        display_name: 'Ms Joseph',
        role: 'teacher',
        classes: '2A',
        password_hash: 'x',
        must_change_password: 0,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const staff = await staffMembersOf(t.db, ['ms-joseph', 'registrar', 'gone', null]);
    expect(staff('ms-joseph')).toEqual({ display_name: 'Ms Joseph', role: 'teacher' });
    expect(staff('registrar')).toEqual({ display_name: 'registrar', role: 'admin' });
    expect(staff('gone')).toEqual({ display_name: 'gone', role: 'admin' });
  });

  it("shows a teacher's role on the audit screen beside her view of a class's health alerts", async () => {
    await createStudent(t.db, { class_id: '3B' });
    const teacher = await signedInStaff(t.app, t.db, 'mr-ali', { role: 'teacher', classes: ['3B'] });
    expect((await teacher.get('/api/health-alerts/3B')).statusCode).toBe(200);
    const admin = await signedInAdmin(t.app);
    const page = (await admin.get('/api/audit?action=health-alerts.viewed')).json();
    expect(page.entries[0]).toMatchObject({ actor: 'mr-ali', role: 'teacher', action: 'health-alerts.viewed', detail: 'class 3B' });
  });
});
