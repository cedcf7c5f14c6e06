import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../src/db/database.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdminUser(t.db);
});
afterAll(() => t.close());

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
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="registration-form-${student.id}.pdf"; filename*=UTF-8''registration-form-${student.id}.pdf`,
    );
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
      // Each step's heading, in the wizard's words.
      'Student Data',
      'Family Data',
      'Health Data',
      'Other Data',
      'Not received',
      'Student Registration Form',
      'Registration form of Aaliyah Mohammed',
      'Page 1 of',
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

  it('embeds a photo stored larger before photos were kept small at 1,200 pixels, and keeps that smaller copy in its place', async () => {
    const student = await createStudent(t.db);
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#0b2a5b' } })
      .png()
      .toBuffer();
    const { files } = t.app.deps;
    const storedFirst = await files.put({ bytes: large }, { extension: '.png' }, async (trx, key) => {
      await trx
        .insertInto('uploaded_files')
        .values({
          student_id: student.id,
          file_type: 'picture',
          original_name: 'me.png',
          stored_name: key,
          mime_type: 'image/png',
          size_bytes: large.length,
          created_at: nowIso(),
        })
        .execute();
      return key;
    });
    const admin = new TestClient(t.app);
    await signInAsAdmin(admin);
    const photoRow = () => t.db.selectFrom('uploaded_files').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow();

    const pdf = (await admin.get(`/api/registration-form/${student.id}`)).rawPayload.toString('latin1');
    expect(pdf).toMatch(/\/Width 1200\b/);
    expect(pdf).toMatch(/\/Height 900\b/);
    expect(pdf).not.toMatch(/\/Width 4000\b/);
    const row = await photoRow();
    expect(row.stored_name).not.toBe(storedFirst);
    const kept = await files.read(row.stored_name);
    expect(row.size_bytes).toBe(kept.length);
    const { width, height } = await sharp(kept).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 900 });
    await expect(files.read(storedFirst)).rejects.toMatchObject({ statusCode: 404 });
    // Made smaller once: the next form prints the kept copy as it is.
    expect((await admin.get(`/api/registration-form/${student.id}`)).rawPayload.toString('latin1')).toMatch(/\/Width 1200\b/);
    expect((await photoRow()).stored_name).toBe(row.stored_name);
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
