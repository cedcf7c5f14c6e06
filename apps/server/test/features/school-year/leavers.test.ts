import { messages } from '@school/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, createStudent, signedInStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';
import { currentYear, proposedMoves } from './school-year-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  ({ t, admin } = await adminApp());
});
afterEach(() => t.close());

const signIn = async (studentId: string, password = STUDENT_PASSWORD) => {
  const client = await new TestClient(t.app, '10.0.0.9').start();
  return client.post('/api/login-student', { student_id: studentId, password });
};

describe('a student who has left', () => {
  it('is refused at sign-in as a wrong password is, whatever the password, her sessions end, and the lookup no longer finds her', async () => {
    const { student, client } = await signedInStudent(t, { first_name: 'Anya', last_name: 'Ramdial' });
    const marked = await admin.post(`/api/students/${student.id}/left`, { reason: 'Moved to Tobago' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ student_id: student.id, reason: 'Moved to Tobago', left_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    expect((await client.get(`/api/student/${student.id}`)).statusCode).toBe(401);
    const refused = await signIn(student.id);
    expect(refused.cookies.find((cookie) => cookie.name === 'portal_session' && cookie.value)).toBeUndefined();
    // Her right password and a wrong one answer alike: the same status, body and headers but the request's own.
    const guessed = await signIn(student.id, 'Not-Her-Password-1');
    const alike = (answer: typeof refused) => ({
      status: answer.statusCode,
      body: answer.json(),
      headers: Object.keys(answer.headers)
        .filter((name) => !['date', 'x-request-id', 'set-cookie'].includes(name))
        .sort(),
    });
    expect(alike(refused)).toEqual(alike(guessed));
    expect(alike(refused)).toMatchObject({ status: 422, body: { message: 'The student ID or password is incorrect.' } });
    const failures = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('student_id', '=', student.id)
      .where('action', 'like', 'student.sign-in%')
      .orderBy('id')
      .execute();
    expect(failures).toEqual([
      { action: 'student.sign-in', detail: null },
      { action: 'student.sign-in-failed', detail: 'left the school' },
      { action: 'student.sign-in-failed', detail: 'left the school' },
    ]);
    const lookup = await new TestClient(t.app, '10.0.0.8').get('/api/student-lookup?first_name=Anya&last_name=Ramdial');
    expect(lookup.json()).toEqual([]);
  });

  it('is listed with the day she left, and can be brought back, each change audited', async () => {
    const leaver = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const staying = await createStudent(t.db);
    const { left_on } = (await admin.post(`/api/students/${leaver.id}/left`, { reason: 'Emigrated' })).json();
    const rows = (await admin.get('/api/students')).json() as Array<{ id: string; left_on?: string }>;
    expect(rows.find((row) => row.id === leaver.id)?.left_on).toBe(left_on);
    expect(rows.find((row) => row.id === staying.id)).not.toHaveProperty('left_on');
    expect((await admin.get('/api/school-year')).json().classes[0]).toMatchObject({ class_id: '1A', students: 1 });

    const again = await admin.post(`/api/students/${leaver.id}/left`, { reason: 'Emigrated' });
    expect(again.statusCode).toBe(409);
    expect((await admin.delete(`/api/students/${leaver.id}/left`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/students/${leaver.id}/left`)).statusCode).toBe(409);
    expect((await signIn(leaver.id)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'student_id', 'actor_id'])
      .where('action', 'in', ['student.marked-left', 'student.brought-back'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'student.marked-left', student_id: leaver.id, actor_id: 'registrar' },
      { action: 'student.brought-back', student_id: leaver.id, actor_id: 'registrar' },
    ]);
  });

  it('answers 404 for an unknown student, 422 without a reason, and 403 to a student', async () => {
    expect((await admin.post('/api/students/nobody/left', { reason: 'Gone' })).statusCode).toBe(404);
    const student = await createStudent(t.db);
    const empty = await admin.post(`/api/students/${student.id}/left`, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(messages.required);
    // A reason holding a control character, U+FFFE or U+FFFF is refused, and she has not left.
    for (const reason of ['Moved\uFFFF', 'Moved\u0000away', 'Moved\r\naway']) {
      const refused = await admin.post(`/api/students/${student.id}/left`, { reason });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.reason).toEqual([messages.forbiddenCharacter('The reason')]);
    }
    expect(await t.db.selectFrom('student_leavers').select('student_id').where('student_id', '=', student.id).execute()).toEqual([]);
    const { client } = await signedInStudent(t);
    expect((await client.post(`/api/students/${student.id}/left`, { reason: 'Gone' })).statusCode).toBe(403);
  });

  it('includes the top form after a rollover: they cannot sign in', async () => {
    const { student } = await signedInStudent(t, { class_id: '5C' });
    const year = await currentYear(admin);
    expect((await admin.post('/api/school-year/rollover', { to_year: year + 1, classes: await proposedMoves(t.db), dry_run: false })).statusCode).toBe(200);
    const refused = await signIn(student.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The student ID or password is incorrect.');
    expect(await t.db.selectFrom('sessions').select('id_hash').where('student_id', '=', student.id).execute()).toEqual([]);
  });
});
