import { messages } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myDataRate } from '../../../src/features/privacy/routes.ts';
import { type TestApp, TestClient } from '../../helpers/test-app.ts';
import { adminApp, openRegistration, signedInStudent, type TestStudent } from '../../helpers/factories.ts';
import { multipart } from '../../helpers/multipart.ts';
import { filesOfZip } from '../../helpers/zip.ts';
import { giveTerm, PDF, setPosted } from '../term-reports/term-reports-helpers.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await openRegistration(t.db);
});
afterAll(() => t.close());

async function addAttendance(studentId: string, date: string, late = 0) {
  await t.db
    .insertInto('attendance_records')
    .values({
      student_id: studentId,
      date_scanned: date,
      attendance_am: 1,
      attendance_pm: 1,
      late,
      time_in: '07:40:00',
      time_out: '15:10:00',
      time_scanned_in: null,
      time_scanned_out: null,
    })
    .execute();
}

async function upload(client: TestClient, studentId: string, fileType: string, bytes: Buffer) {
  const { payload, headers } = multipart({ id: studentId, file_type: fileType }, { name: `${fileType}.pdf`, bytes });
  const response = await client.request('POST', '/api/store-file', payload, headers);
  expect(response.statusCode).toBe(200);
}

describe("'Download my data'", () => {
  let zaria: { student: TestStudent; client: TestClient };
  let keisha: { student: TestStudent; client: TestClient };

  beforeAll(async () => {
    zaria = await signedInStudent(t, {
      first_name: 'Zaria',
      last_name: 'Mohammed',
      class_id: '2B',
      religion_code: 'RC',
      asthma: 1,
      mobile_phone_mother: '7654321',
    });
    keisha = await signedInStudent(t, { first_name: 'Keisha', last_name: 'Lewis-Ramdeen', class_id: '2B' });
    await upload(zaria.client, zaria.student.id, 'birth_certificate', PDF);
    await upload(keisha.client, keisha.student.id, 'birth_certificate', Buffer.concat([PDF, Buffer.from('% Keisha-only\n')]));
    await giveTerm(t.db, zaria.student.id, { year: 2025, term: '1', classId: '2B' });
    await giveTerm(t.db, keisha.student.id, { year: 2025, term: '1', classId: '2B' });
    await giveTerm(t.db, zaria.student.id, { year: 2025, term: '2', classId: '2B' });
    await setPosted(t.db, 2025, '1', true);
    await setPosted(t.db, 2025, '2', false);
    await addAttendance(zaria.student.id, '2026-01-06');
    await addAttendance(zaria.student.id, '2026-01-05', 1);
    await addAttendance(keisha.student.id, '2026-01-07');
    await t.db
      .insertInto('student_school_accounts')
      .values({
        student_id: zaria.student.id,
        account: 'zaria.m@school.example',
        provider_subject: null,
        set_at: new Date().toISOString(),
        provider_seen_at: null,
      })
      .execute();
  });

  it('is one ZIP of her record with the wizard’s labels, her form, documents, posted report cards and attendance', async () => {
    const response = await zaria.client.get('/api/my-data');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="My Data ${zaria.student.id} \\d{4}-\\d{2}-\\d{2}\\.zip"`));
    expect(response.headers['cache-control']).toBe('private, no-store');

    const files = await filesOfZip(response.rawPayload);
    expect([...files.keys()]).toEqual([
      'my-record.json',
      'registration-form.pdf',
      'documents/Birth Certificate.pdf',
      'report-cards/2025-2026 Term 1 Michaelmas.pdf',
      'attendance.csv',
    ]);
    const record = JSON.parse(files.get('my-record.json')!.toString());
    expect(record['Student ID']).toBe(zaria.student.id);
    expect(record['Student Data']).toBeTypeOf('object');
    const fields = Object.assign({}, ...Object.values(record['Student Data'] as Record<string, object>));
    expect(fields).toMatchObject({ 'First Name': 'Zaria', 'Last Name': 'Mohammed', Class: '2B', Religion: 'Roman Catholic' });
    const health = Object.assign({}, ...Object.values(record['Health Data'] as Record<string, object>));
    expect(health).toMatchObject({ Asthma: 'Yes', Diabetes: 'No' });
    const family = Object.assign({}, ...Object.values(record['Family Data'] as Record<string, object>));
    expect(family['Mother Mobile Phone']).toBe('1868-765-4321');
    expect(record.Complete).toEqual({ 'Agreed to Terms and Conditions': 'No' });
    expect(record['School Account']).toBe('zaria.m@school.example');

    expect(files.get('registration-form.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get('documents/Birth Certificate.pdf')!.equals(PDF)).toBe(true);
    expect(files.get('report-cards/2025-2026 Term 1 Michaelmas.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get('attendance.csv')!.toString()).toBe(
      '\ufeffDate,AM,PM,Late,Time In,Time Out\r\n2026-01-05,Yes,Yes,Yes,07:40:00,15:10:00\r\n2026-01-06,Yes,Yes,No,07:40:00,15:10:00\r\n',
    );

    // Nothing of another student, in any file.
    const everything = Buffer.concat([...files.values()]).toString('latin1');
    for (const other of [keisha.student.id, 'Keisha', 'Lewis-Ramdeen', 'Keisha-only', '2026-01-07']) expect(everything).not.toContain(other);
  });

  it('is written to the audit log', async () => {
    const rows = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'my-data.downloaded').where('student_id', '=', zaria.student.id).execute();
    expect(rows).toMatchObject([{ actor_kind: 'student', actor_id: zaria.student.id, detail: '1 documents, 1 report cards' }]);
  });

  it('is for students: staff are refused and visitors asked to sign in', async () => {
    const refused = await admin.get('/api/my-data');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.studentsOnly);
    expect((await (await new TestClient(t.app).start()).get('/api/my-data')).statusCode).toBe(401);
  });
});

describe("'Download my data' allowance", () => {
  it(`allows ${myDataRate.max} downloads an hour per student, then answers 429 with when to try again`, async () => {
    const { client } = await signedInStudent(t);
    for (let count = 0; count < myDataRate.max; count += 1) expect((await client.get('/api/my-data')).statusCode).toBe(200);
    const refused = await client.get('/api/my-data');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.myDataTooOften(myDataRate.max, 60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another student's allowance is her own.
    const other = await signedInStudent(t);
    expect((await other.client.get('/api/my-data')).statusCode).toBe(200);
  });

  it('holds under 50 requests at once: no more than the allowance is made, and the rest are told why', async () => {
    const { student, client } = await signedInStudent(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.get('/api/my-data')));
    const made = answers.filter((answer) => answer.statusCode === 200);
    // A session prints two documents at a time (decision 041): a third download in print at once may be asked to wait.
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(myDataRate.max);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(429);
      expect([messages.myDataTooOften(myDataRate.max, 60), 'Your document is still being prepared. Please wait for it before asking for another.']).toContain(
        answer.json().message,
      );
    }
    const logged = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'my-data.downloaded').where('student_id', '=', student.id).execute();
    expect(logged).toHaveLength(made.length);
    // The allowance is spent: later downloads are refused too.
    expect((await client.get('/api/my-data')).statusCode).toBe(429);
  });
});
