import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff, signedInStudent } from '../../helpers/factories.ts';
import type { TestApp, TestClient } from '../../helpers/test-app.ts';

/** A student's school account (decision 076): set by the office, one address to one student, never by the student. */
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await createStudent(t.db, { id: 'SA-1', class_id: '4B' });
  await createStudent(t.db, { id: 'SA-2', class_id: '4B' });
});
afterAll(() => t?.close());

const accountRow = (studentId: string) => t.db.selectFrom('student_school_accounts').selectAll().where('student_id', '=', studentId).executeTakeFirst();

describe('a student’s school account', () => {
  it('is set by the office in lower case, read back, and audited', async () => {
    const office = await signedInStaff(t.app, t.db, 'office-sa', { role: 'office' });
    const set = await office.put('/api/students/SA-1/school-account', { school_account: '  Ivy.Student@School.example.org ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ student_id: 'SA-1', school_account: 'ivy.student@school.example.org', provider_seen_at: null });
    expect((await admin.get('/api/students/SA-1/school-account')).json().school_account).toBe('ivy.student@school.example.org');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'student.school-account-set').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ student_id: 'SA-1', detail: 'ivy.student@school.example.org' });
  });

  it('refuses an address another student holds with 409 naming her, and leaves both as they were', async () => {
    const taken = await admin.put('/api/students/SA-2/school-account', { school_account: 'IVY.student@school.example.org' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.schoolAccountTaken('ivy.student@school.example.org', 'SA-1'));
    expect(await accountRow('SA-2')).toBeUndefined();
    expect((await accountRow('SA-1'))?.account).toBe('ivy.student@school.example.org');
  });

  it('gives one address to one student when 100 requests for it come at once', async () => {
    const ids = Array.from({ length: 100 }, (_, n) => `RACE-${n}`);
    for (const id of ids) await createStudent(t.db, { id, class_id: '4B' });
    const answers = await Promise.all(ids.map((id) => admin.put(`/api/students/${id}/school-account`, { school_account: 'race@school.example.org' })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(99);
    const rows = await t.db.selectFrom('student_school_accounts').selectAll().where('account', '=', 'race@school.example.org').execute();
    expect(rows).toHaveLength(1);
    expect(ids[codes.indexOf(200)]).toBe(rows[0]!.student_id);
  });

  it('ends the link to the provider when the address changes, and is removed when emptied', async () => {
    await t.db
      .updateTable('student_school_accounts')
      .set({ provider_subject: 'sub-ivy', provider_seen_at: new Date().toISOString() })
      .where('student_id', '=', 'SA-1')
      .execute();
    const same = await admin.put('/api/students/SA-1/school-account', { school_account: 'ivy.student@school.example.org' });
    expect(same.json().provider_seen_at).not.toBeNull();
    expect((await accountRow('SA-1'))?.provider_subject).toBe('sub-ivy');
    await admin.put('/api/students/SA-1/school-account', { school_account: 'ivy.s@school.example.org' });
    expect(await accountRow('SA-1')).toMatchObject({ account: 'ivy.s@school.example.org', provider_subject: null });
    const removed = await admin.put('/api/students/SA-1/school-account', { school_account: '' });
    expect(removed.json().school_account).toBeNull();
    expect(await accountRow('SA-1')).toBeUndefined();
    expect(await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'student.school-account-removed').executeTakeFirstOrThrow()).toEqual({
      detail: 'ivy.s@school.example.org',
    });
  });

  it('answers 422 for an address that is not one, 404 for a student who does not exist', async () => {
    const bad = await admin.put('/api/students/SA-1/school-account', { school_account: 'not an address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.school_account).toEqual([messages.invalidEmail]);
    const long = await admin.put('/api/students/SA-1/school-account', { school_account: `${'a'.repeat(250)}@x.org` });
    expect(long.statusCode).toBe(422);
    expect((await admin.put('/api/students/NOBODY/school-account', { school_account: 'x@school.example.org' })).statusCode).toBe(404);
    expect((await admin.get('/api/students/NOBODY/school-account')).statusCode).toBe(404);
  });

  it('is not the student’s to read or set, nor a teacher’s', async () => {
    const { client: student } = await signedInStudent(t, { id: 'SA-SELF', class_id: '4B' });
    expect((await student.put('/api/students/SA-SELF/school-account', { school_account: 'me@school.example.org' })).statusCode).toBe(403);
    expect((await student.get('/api/students/SA-SELF/school-account')).statusCode).toBe(403);
    const teacher = await signedInStaff(t.app, t.db, 'teacher-sa', { role: 'teacher', classes: ['4B'] });
    expect((await teacher.put('/api/students/SA-2/school-account', { school_account: 'x@school.example.org' })).statusCode).toBe(403);
    expect((await teacher.get('/api/students/SA-2/school-account')).statusCode).toBe(403);
    expect(await accountRow('SA-SELF')).toBeUndefined();
  });
});
