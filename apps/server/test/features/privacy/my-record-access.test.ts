import { messages, type AuditAction } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, openRegistration, signedInStudent, type TestStudent } from '../../helpers/factories.ts';

let t: TestApp;
let admin: TestClient;
let zaria: { student: TestStudent; client: TestClient };
let keisha: { student: TestStudent; client: TestClient };

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await openRegistration(t.db);
  zaria = await signedInStudent(t, { first_name: 'Zaria', last_name: 'Mohammed' });
  keisha = await signedInStudent(t, { first_name: 'Keisha', last_name: 'Lewis-Ramdeen' });
});
afterAll(() => t.close());

const access = async (client: TestClient) => {
  const response = await client.get('/api/my-record-access');
  expect(response.statusCode).toBe(200);
  return response.json() as { entries: Array<{ at: string; staff: string; role: string; what: string }>; total: number; limit: number };
};

describe("a student's privacy page", () => {
  it('lists what staff did with her record, documents, report cards and attendance, newest first, and nothing else', async () => {
    const { record } = (await admin.get(`/api/student/${zaria.student.id}`)).json();
    expect(
      (await admin.post('/api/student', { id: zaria.student.id, updatedAt: record.updatedAt, allergy: 'Shellfish', mother_name: 'Joy Charles' })).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/registration-form/${zaria.student.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/get-files/${zaria.student.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/student-attendance/${zaria.student.id}`)).statusCode).toBe(200);
    expect((await admin.post('/api/reset-password-student', { student_id: zaria.student.id })).statusCode).toBe(200);
    // Staff work on another student, staff work on no one in particular, and her own reads and saves are not hers to see here.
    expect((await admin.get(`/api/student/${keisha.student.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/students')).statusCode).toBe(200);
    expect((await keisha.client.get(`/api/registration-form/${keisha.student.id}`)).statusCode).toBe(200);

    // The reset ended Zaria's sessions: she signs in again with her date of birth, then sets a password.
    const zariaAgain = await new TestClient(t.app, '10.0.0.77').start();
    await zariaAgain.post('/api/login-student', { student_id: zaria.student.id, password: zaria.student.dobPassword });
    expect((await zariaAgain.post('/api/change-password-student', { student_id: zaria.student.id, password: 'Another-Quiet-Harbour-3' })).statusCode).toBe(200);
    expect((await zariaAgain.get(`/api/registration-form/${zaria.student.id}`)).statusCode).toBe(200);

    const mine = await access(zariaAgain);
    expect(mine.entries.map((entry) => entry.what)).toEqual([
      'Reset your password',
      'Viewed your attendance',
      'Viewed the list of your documents',
      'Opened your registration form (PDF)',
      'Changed your registration record: Mother Name, Allergies',
      'Viewed your registration record',
    ]);
    expect(mine.total).toBe(6);
    for (const entry of mine.entries) {
      expect(entry).toMatchObject({ staff: 'registrar', role: 'admin' });
      expect(Object.keys(entry).sort()).toEqual(['at', 'role', 'staff', 'what']);
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
    }
    const written = JSON.stringify(mine);
    for (const other of [keisha.student.id, keisha.student.first_name, keisha.student.last_name, 'Shellfish', 'Joy Charles', '10.0.0']) {
      expect(written).not.toContain(other);
    }
  });

  it('shows another student only what staff did with hers', async () => {
    const theirs = await access(keisha.client);
    expect(theirs.entries.map((entry) => entry.what)).toEqual(['Viewed your registration record']);
    expect(JSON.stringify(theirs)).not.toContain(zaria.student.id);
  });

  it('tells a document, a report card and an attendance report by what the log notes of them', async () => {
    const { student, client } = await signedInStudent(t);
    const row = (action: AuditAction, detail: string | null) => ({
      at: new Date().toISOString(),
      actor_kind: 'admin' as const,
      actor_id: 'registrar',
      action,
      student_id: student.id,
      ip: '10.0.0.9',
      detail,
    });
    await t.db
      .insertInto('audit_log')
      .values([
        row('file.downloaded', 'birth_certificate'),
        row('file.deleted', 'not-a-type'),
        row('report-card.viewed', '2025-2026 Term 1'),
        row('attendance-report.viewed', '2026-01-05 to 2026-01-30'),
        row('audit.exported', 'student 1'),
      ])
      .execute();
    expect((await access(client)).entries.map((entry) => entry.what)).toEqual([
      'Opened your attendance report: 2026-01-05 to 2026-01-30',
      'Opened your report card: 2025-2026 Term 1',
      'Removed your document: a document',
      'Opened your document: Birth Certificate',
    ]);
  });

  it('is a student’s own page: staff are refused and visitors asked to sign in', async () => {
    const refused = await admin.get('/api/my-record-access');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.studentsOnly);
    expect((await (await new TestClient(t.app).start()).get('/api/my-record-access')).statusCode).toBe(401);
  });
});
