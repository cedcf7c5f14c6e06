import { messages, studentIdProblem } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, openRegistration, signedInStudent, type TestStudent } from '../helpers/factories.ts';
import { multipart } from '../helpers/multipart.ts';
import { TestClient, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let studentA: TestStudent;
let client: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await openRegistration(t.db);
  ({ student: studentA, client } = await signedInStudent(t, { class_id: '3A' }));
});
afterAll(() => t.close());

describe('the one student-ID rule', () => {
  it('takes text of letters, digits and hyphens, and nothing else', () => {
    expect(studentIdProblem('20260001')).toBeNull();
    expect(studentIdProblem(' S-1 ')).toBeNull();
    expect(studentIdProblem(null)).toBe(messages.studentIdText);
    expect(studentIdProblem(20260001)).toBe(messages.studentIdText);
    expect(studentIdProblem({ toString: () => '20260001' })).toBe(messages.studentIdText);
    expect(studentIdProblem('')).toBe(messages.required);
    expect(studentIdProblem('a b')).toBe(messages.studentIdShape);
    expect(studentIdProblem('x'.repeat(21))).toBe(messages.tooLong(20));
    for (const word of ['null', 'NULL', 'undefined', 'true', 'False', 'none', 'NaN', 'nil'])
      expect(studentIdProblem(word), word).toBe(messages.studentIdReserved);
  });
});

describe('a student ID that is not text, in a body', () => {
  it("never names the student whose ID is the text 'null': a save with id null is refused and changes nobody", async () => {
    const nullStudent = await createStudent(t.db, { id: 'null', medical_history: 'none known' });
    const version = (await client.get(`/api/student/${studentA.id}`)).json().record.updatedAt;
    const saved = await client.post('/api/student', { id: null, updatedAt: version, medical_history: 'peanuts' });
    expect(saved.statusCode).toBe(422);
    expect(saved.json()).toEqual({ message: messages.studentIdText, errors: { id: [messages.studentIdText] } });
    expect(JSON.stringify(saved.json())).not.toContain('none known');
    const row = await t.db.selectFrom('students').select('medical_history').where('id', '=', nullStudent.id).executeTakeFirstOrThrow();
    expect(row.medical_history).toBe('none known');
  });

  it('refuses her own ID sent as a number or an object, and an admin sending null, with 422', async () => {
    const version = (await client.get(`/api/student/${studentA.id}`)).json().record.updatedAt;
    for (const id of [Number(studentA.id), { id: studentA.id }, [studentA.id], true]) {
      const answer = await client.post('/api/student', { id, updatedAt: version, medical_history: 'peanuts' });
      expect(answer.statusCode, JSON.stringify(id)).toBe(422);
    }
    const byAdmin = await admin.post('/api/student', { id: null, updatedAt: version, medical_history: 'peanuts' });
    expect(byAdmin.statusCode).toBe(422);
    expect(byAdmin.json().errors.id).toEqual([messages.studentIdText]);
  });

  it('refuses null in the sign-in, the data-files record and the admin password reset', async () => {
    const visitor = await new TestClient(t.app, '10.31.0.1').start();
    const signIn = await visitor.post('/api/login-student', { student_id: null, password: 'x' });
    expect(signIn.statusCode).toBe(422);
    expect(signIn.json().errors.student_id).toEqual([messages.studentIdText]);
    expect((await client.post('/api/student-data-files', { student_id: null, note: 'x' })).statusCode).toBe(422);
    expect((await admin.post('/api/reset-password-student', { student_id: 'null' })).json().errors.student_id).toEqual([messages.studentIdReserved]);
  });
});

describe('student IDs in an import', () => {
  it('refuses reserved words and other shapes as IDs, row by row', async () => {
    const csv = ['Student ID,First Name,Last Name,Date of Birth', 'null,Nia,Null,2013-04-05', 'NaN,Ana,Nan,2013-04-05', 'ok-1,Ria,Good,2013-04-05'].join('\n');
    const { payload, headers } = multipart({ dry_run: 'true', mode: 'insert' }, { name: 'intake.csv', bytes: Buffer.from(csv) });
    const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    const xsrf = decodeURIComponent(admin.cookies.get('XSRF-TOKEN') ?? '');
    const answer = await t.app.inject({ method: 'POST', url: '/api/student-import', payload, headers: { ...headers, cookie, 'x-xsrf-token': xsrf } });
    expect(answer.statusCode).toBe(200);
    const errors = answer.json().errors as Array<{ row: number; message: string }>;
    expect(errors.map((error) => [error.row, error.message])).toEqual([
      [2, messages.studentIdReserved],
      [3, messages.studentIdReserved],
    ]);
  });
});
