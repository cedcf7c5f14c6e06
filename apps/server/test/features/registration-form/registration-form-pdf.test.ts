import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

/** The text a PDF shows: its content streams inflated, and the hex strings of their TJ operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  // Each stream is read by its declared /Length, so binary data can never end it early.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      texts.push([...tj[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join(' ').replace(/\s+/g, ' ');
}

describe('GET /api/registration-form/{id}', () => {
  it('lays the record out on legal pages with the student’s name and fields, and logs the view', async () => {
    const student = await createStudent(
      t.db,
      {
        first_name: 'Aaliyah',
        last_name: 'Mohammed',
        home_address: '14 Coffee Street',
        phone_home: '6521234',
        living_status: 'Mother Only',
        mother_name: 'Rehana Mohammed',
        asthma: 1,
        religion_code: 'MUS',
      },
      { password: STUDENT_PASSWORD },
    );
    const client = new TestClient(t.app);
    await signInAsStudent(client, student.id);
    const response = await client.get(`/api/registration-form/${student.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="registration-form-${student.id}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 1008\]/);
    const text = pdfText(pdf);
    for (const expected of [
      'Aaliyah',
      'Mohammed',
      '14 Coffee Street',
      '1868-652-1234',
      'Rehana Mohammed',
      'Muslim',
      'Documents received',
      'Not received',
      'Student Registration Form',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Guardian');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'registration-form.viewed')
      .where('student_id', '=', student.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses another student's form and lets an admin open any", async () => {
    const owner = await createStudent(t.db);
    const other = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
    const client = new TestClient(t.app);
    await signInAsStudent(client, other.id);
    expect((await client.get(`/api/registration-form/${owner.id}`)).statusCode).toBe(403);
    const admin = new TestClient(t.app);
    await signInAsAdmin(admin);
    expect((await admin.get(`/api/registration-form/${owner.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/registration-form/00000000')).statusCode).toBe(404);
  });
});
