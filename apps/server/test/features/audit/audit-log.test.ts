import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import {
  createAdminUser,
  createStudent,
  openRegistration,
  signInAsAdmin,
  signInAsStudent,
  STUDENT_PASSWORD,
  type TestStudent,
} from '../../helpers/factories.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function upload(client: TestClient, studentId: string, fileType: string) {
  const boundary = '----audit-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${studentId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\n${fileType}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificate-of-kezia.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request('POST', '/api/store-file', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

let t: TestApp;
let student: TestStudent;
let studentClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
  adminClient = new TestClient(t.app, '10.0.0.9');
  await signInAsAdmin(adminClient);
});
afterAll(() => t.close());

beforeEach(async () => {
  student = await createStudent(t.db, { class_id: '3A', first_name: 'Zaria', last_name: 'Mohammed-Baptiste' }, { password: STUDENT_PASSWORD });
  studentClient = new TestClient(t.app);
  await signInAsStudent(studentClient, student.id);
  await openRegistration(t.db);
});

/** The audit rows written while `act` ran. */
async function auditRowsOf(act: () => Promise<{ statusCode: number }>) {
  const before =
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst()
    )?.last ?? 0;
  const response = await act();
  expect(response.statusCode).toBe(200);
  return t.db.selectFrom('audit_log').selectAll().where('id', '>', Number(before)).orderBy('id').execute();
}

/** One row, of this action, about this student, carrying none of the values named. */
async function expectOneAuditRow(act: () => Promise<{ statusCode: number }>, expected: Record<string, unknown>, values: string[] = []) {
  const rows = await auditRowsOf(act);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(expected);
  const written = JSON.stringify(rows[0]);
  for (const value of [student.first_name, student.last_name, student.date_of_birth, ...values]) expect(written).not.toContain(value);
  return rows[0];
}

describe('the audit log', () => {
  it("records an admin's read of a student's record, not a student's read of her own", async () => {
    await expectOneAuditRow(() => adminClient.get(`/api/student/${student.id}`), {
      action: 'student.record-viewed',
      actor_kind: 'admin',
      actor_id: 'registrar',
      student_id: student.id,
      ip: '10.0.0.9',
    });
    expect(await auditRowsOf(() => studentClient.get(`/api/student/${student.id}`))).toHaveLength(0);
  });

  it("records an admin's read of the student list", async () => {
    await expectOneAuditRow(() => adminClient.get('/api/students'), { action: 'students.list-viewed', actor_id: 'registrar', student_id: null });
  });

  it("records an admin's read of a student's documents list and data files record", async () => {
    await expectOneAuditRow(() => adminClient.get(`/api/get-files/${student.id}`), { action: 'file.list-viewed', student_id: student.id });
    await expectOneAuditRow(() => adminClient.get(`/api/student-data-files/${student.id}`), { action: 'student-data-file.viewed', student_id: student.id });
  });

  it("records an admin's read of a student's attendance, not a student's read of her own", async () => {
    await expectOneAuditRow(() => adminClient.get(`/api/student-attendance/${student.id}`), {
      action: 'attendance.viewed',
      actor_kind: 'admin',
      student_id: student.id,
    });
    expect(await auditRowsOf(() => studentClient.get(`/api/student-attendance/${student.id}`))).toHaveLength(0);
  });

  it("records a student's save with the fields that changed, never their values", async () => {
    const { record } = (await studentClient.get(`/api/student/${student.id}`)).json();
    const row = await expectOneAuditRow(
      () => studentClient.post('/api/student', { id: student.id, updatedAt: record.updatedAt, allergy: 'Peanut-Secret-Value', email: 'zaria@example.tt' }),
      { action: 'student.record-updated', actor_kind: 'student', actor_id: student.id, student_id: student.id },
      ['Peanut-Secret-Value', 'zaria@example.tt'],
    );
    expect(row.detail).toBe('fields: email, allergy');
  });

  it('records a save of the data files record with its field names only', async () => {
    const row = await expectOneAuditRow(
      () => studentClient.post('/api/student-data-files', { student_id: student.id, bus_route: 'Route-Secret-7' }),
      { action: 'student-data-file.saved', student_id: student.id },
      ['Route-Secret-7'],
    );
    expect(row.detail).toBe('fields: bus_route');
  });

  it('records uploads, downloads and removals of a document by the student and by an admin', async () => {
    await expectOneAuditRow(
      () => upload(studentClient, student.id, 'birth_certificate'),
      {
        action: 'file.uploaded',
        actor_kind: 'student',
        student_id: student.id,
        detail: 'birth_certificate',
      },
      ['certificate-of-kezia'],
    );
    await expectOneAuditRow(() => studentClient.get(`/api/files/${student.id}/birth_certificate`), {
      action: 'file.downloaded',
      actor_kind: 'student',
      detail: 'birth_certificate',
    });
    await expectOneAuditRow(() => adminClient.get(`/api/files/${student.id}/birth_certificate`), {
      action: 'file.downloaded',
      actor_kind: 'admin',
      student_id: student.id,
    });
    await expectOneAuditRow(() => studentClient.delete(`/api/file?id=${student.id}&fileType=birth_certificate`), {
      action: 'file.deleted',
      actor_kind: 'student',
      detail: 'birth_certificate',
    });
    await expectOneAuditRow(() => upload(adminClient, student.id, 'sea_slip'), { action: 'file.uploaded', actor_kind: 'admin', detail: 'sea_slip' });
  });

  it('records every download of the registration form PDF', async () => {
    await expectOneAuditRow(() => adminClient.get(`/api/registration-form/${student.id}`), {
      action: 'registration-form.viewed',
      actor_kind: 'admin',
      student_id: student.id,
    });
    await expectOneAuditRow(() => studentClient.get(`/api/registration-form/${student.id}`), { action: 'registration-form.viewed', actor_kind: 'student' });
  });
});
