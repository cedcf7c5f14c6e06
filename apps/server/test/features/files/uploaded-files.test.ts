import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin, signInAsStudent, STUDENT_PASSWORD, type TestStudent } from '../../helpers/factories.ts';

let t: TestApp;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#c62828' } })
    .png()
    .toBuffer();
const jpegWithExif = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#0b2a5b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-location-tag', Artist: 'Someone' } })
    .toBuffer();

/** A real PNG of width × height black pixels, one bit each: some kilobytes for any size, as an attacker would send it. */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // one bit a pixel, greyscale, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body: the fields first, then the file, as the web app sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = '----portal-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(client: TestClient, studentId: string, fileType: string, file?: { name: string; bytes: Buffer; type?: string }) {
  const { body, contentType } = multipart({ id: studentId, file_type: fileType }, file);
  return client.request('POST', '/api/store-file', body, { 'content-type': contentType });
}

/** Every file on disk under the uploads folder, unfinished uploads included. */
const filesOnDisk = () => {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
};

/** Whether the store holds bytes under `key`: a file in the folder, or a row of stored bytes. */
async function hasStoredBytes(key: string): Promise<boolean> {
  if (t.config.fileStore === 'local') return fs.existsSync(path.join(t.config.dataDir, 'uploads', key));
  return (await t.db.selectFrom('stored_files').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

/** Everything stored anywhere: files on disk and rows of stored bytes. */
const storedFiles = async () => [...filesOnDisk(), ...(await t.db.selectFrom('stored_files').select('key').execute()).map((row) => row.key)];

async function signedInStudent(): Promise<{ student: TestStudent; client: TestClient }> {
  const student = await createStudent(t.db, {}, { password: STUDENT_PASSWORD });
  const client = new TestClient(t.app);
  await signInAsStudent(client, student.id);
  return { student, client };
}

describe.each(['local', 'database'] as const)('documents in the %s file store', (fileStore) => {
  beforeAll(async () => {
    t = await buildTestApp({ uploadMaxBytes: 64 * 1024, fileStore });
    await createAdminUser(t.db);
  });
  afterAll(() => t.close());

  describe('POST /api/store-file', () => {
    it('stores a PDF under an internal name and lists it with an authorised link', async () => {
      const { student, client } = await signedInStudent();
      const response = await upload(client, student.id, 'birth_certificate', { name: '../../x.pdf', bytes: PDF, type: 'application/pdf' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Birth certificate uploaded successfully.');
      const row = await t.db.selectFrom('uploaded_files').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow();
      expect(row.original_name).toBe('x.pdf');
      expect(row.stored_name).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
      expect(await hasStoredBytes(row.stored_name)).toBe(true);
      if (fileStore === 'database') expect(filesOnDisk()).toEqual([]);
      expect(fs.existsSync(path.resolve(t.config.dataDir, '..', 'x.pdf'))).toBe(false);
      expect((await client.get(`/api/get-files/${student.id}`)).json()).toEqual([
        { name: 'x.pdf', type: 'birth_certificate', url: `/api/files/${student.id}/birth_certificate` },
      ]);

      const download = await client.get(`/api/files/${student.id}/birth_certificate`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(`inline; filename="x.pdf"; filename*=UTF-8''x.pdf`);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      // Sandboxed: whatever the student's PDF carries runs with no origin, never the portal's.
      expect(String(download.headers['content-security-policy']).split(';')).toEqual(expect.arrayContaining(['sandbox', "frame-ancestors 'self'"]));
      expect(download.rawPayload.equals(PDF)).toBe(true);
    });

    it('refuses a PNG named .pdf, and a PDF in the picture slot', async () => {
      const { student, client } = await signedInStudent();
      const disguised = await upload(client, student.id, 'sea_slip', { name: 'slip.pdf', bytes: await png(), type: 'application/pdf' });
      expect(disguised.statusCode).toBe(422);
      expect(disguised.json()).toEqual({ message: 'The sea slip must be a PDF file.', errors: { file: ['The sea slip must be a PDF file.'] } });
      const pdfPhoto = await upload(client, student.id, 'picture', { name: 'me.jpg', bytes: PDF, type: 'image/jpeg' });
      expect(pdfPhoto.statusCode).toBe(422);
      expect(pdfPhoto.json().message).toBe('The photo must be a JPEG or PNG image.');
      expect(await t.db.selectFrom('uploaded_files').select('id').where('student_id', '=', student.id).execute()).toEqual([]);
    });

    it('refuses an oversize file without storing it', async () => {
      const { student, client } = await signedInStudent();
      const before = (await storedFiles()).length;
      const big = Buffer.concat([PDF, Buffer.alloc(70 * 1024, 32)]);
      const response = await upload(client, student.id, 'sea_slip', { name: 'big.pdf', bytes: big, type: 'application/pdf' });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The file is larger than 0.1 MB.');
      expect((await storedFiles()).length).toBe(before);
      expect(await t.db.selectFrom('uploaded_files').select('id').where('student_id', '=', student.id).execute()).toEqual([]);
    });

    it('answers an unknown document type, prototype names included, with 422', async () => {
      const { student, client } = await signedInStudent();
      for (const fileType of ['__proto__', 'toString', 'report_card']) {
        const response = await upload(client, student.id, fileType, { name: 'x.pdf', bytes: PDF });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.file_type).toEqual(['Choose a document type: birth_certificate, immunization_card, sea_slip or picture.']);
        expect((await client.delete(`/api/file?id=${student.id}&fileType=${fileType}`)).statusCode).toBe(422);
        expect((await client.get(`/api/files/${student.id}/${fileType}`)).statusCode).toBe(422);
      }
    });

    it("answers 'Please select a file!' when no file is sent", async () => {
      const { student, client } = await signedInStudent();
      const response = await upload(client, student.id, 'sea_slip');
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Please select a file!');
    });

    it('refuses a photo that looks like an image but cannot be read, with 422', async () => {
      const { student, client } = await signedInStudent();
      const damaged = (await png()).subarray(0, 60);
      const response = await upload(client, student.id, 'picture', { name: 'me.png', bytes: damaged });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('The photo could not be read. Please choose another image.');
      expect(await t.db.selectFrom('uploaded_files').select('id').where('student_id', '=', student.id).execute()).toEqual([]);
    });

    it('refuses a photo of more than 40 megapixels from its size alone, naming the limit, and stores nothing', async () => {
      const { student, client } = await signedInStudent();
      const huge = blankPng(16_000, 16_000);
      expect(huge.length).toBeLessThan(64 * 1024);
      const response = await upload(client, student.id, 'picture', { name: 'me.png', bytes: huge, type: 'image/png' });
      expect(response.statusCode).toBe(422);
      const message = 'The photo is 16,000 × 16,000 pixels; a photo may have at most 40 megapixels (40,000,000 pixels). Please choose a smaller image.';
      expect(response.json()).toEqual({ message, errors: { file: [message] } });
      expect(await t.db.selectFrom('uploaded_files').select('id').where('student_id', '=', student.id).execute()).toEqual([]);
      // Just under the cap is taken, and kept small.
      expect((await upload(client, student.id, 'picture', { name: 'me.png', bytes: blankPng(8000, 5000) })).statusCode).toBe(200);
    });

    it('keeps a photo at most 1,200 pixels on its long side, however large it came', async () => {
      const { student, client } = await signedInStudent();
      const wide = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#0b2a5b' } })
        .png()
        .toBuffer();
      expect((await upload(client, student.id, 'picture', { name: 'me.png', bytes: wide })).statusCode).toBe(200);
      const stored = await sharp((await client.get(`/api/files/${student.id}/picture`)).rawPayload).metadata();
      expect({ width: stored.width, height: stored.height, format: stored.format }).toEqual({ width: 1200, height: 800, format: 'png' });
      const tall = await sharp({ create: { width: 900, height: 3000, channels: 3, background: '#c62828' } })
        .jpeg()
        .toBuffer();
      expect((await upload(client, student.id, 'picture', { name: 'me.jpg', bytes: tall })).statusCode).toBe(200);
      const storedTall = await sharp((await client.get(`/api/files/${student.id}/picture`)).rawPayload).metadata();
      expect({ width: storedTall.width, height: storedTall.height, format: storedTall.format }).toEqual({ width: 360, height: 1200, format: 'jpeg' });
    });

    it('re-encodes a photo without its EXIF metadata', async () => {
      const { student, client } = await signedInStudent();
      const original = await jpegWithExif();
      expect(original.includes(Buffer.from('secret-location-tag'))).toBe(true);
      expect((await upload(client, student.id, 'picture', { name: 'me.jpeg', bytes: original, type: 'image/jpeg' })).statusCode).toBe(200);
      const stored = (await client.get(`/api/files/${student.id}/picture`)).rawPayload;
      expect(stored.includes(Buffer.from('secret-location-tag'))).toBe(false);
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
    });

    it('replaces the file of a type and deletes it, leaving no orphan bytes', async () => {
      const { student, client } = await signedInStudent();
      await upload(client, student.id, 'immunization_card', { name: 'card-1.pdf', bytes: PDF });
      const first = await t.db.selectFrom('uploaded_files').select('stored_name').where('student_id', '=', student.id).executeTakeFirstOrThrow();
      await upload(client, student.id, 'immunization_card', { name: 'card-2.pdf', bytes: PDF });
      const rows = await t.db.selectFrom('uploaded_files').select(['stored_name', 'original_name']).where('student_id', '=', student.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].original_name).toBe('card-2.pdf');
      expect(await hasStoredBytes(first.stored_name)).toBe(false);
      const removal = await client.delete(`/api/file?id=${student.id}&fileName=card-2.pdf&fileType=immunization_card`);
      expect(removal.statusCode).toBe(200);
      expect(await hasStoredBytes(rows[0].stored_name)).toBe(false);
      expect((await client.get(`/api/get-files/${student.id}`)).json()).toEqual([]);
    });

    it('answers 404 with a clear message when a document’s bytes are gone, and still prints her form', async () => {
      const { student, client } = await signedInStudent();
      await upload(client, student.id, 'picture', { name: 'me.png', bytes: await png() });
      const row = await t.db.selectFrom('uploaded_files').select('stored_name').where('student_id', '=', student.id).executeTakeFirstOrThrow();
      if (fileStore === 'local') fs.rmSync(path.join(t.config.dataDir, 'uploads', row.stored_name));
      else await t.db.deleteFrom('stored_files').where('key', '=', row.stored_name).execute();
      const response = await client.get(`/api/files/${student.id}/picture`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The file is missing from the store. Please upload it again.' });
      expect((await client.get(`/api/registration-form/${student.id}`)).statusCode).toBe(200);
      expect((await upload(client, student.id, 'picture', { name: 'me.png', bytes: await png() })).statusCode).toBe(200);
      expect((await client.get(`/api/files/${student.id}/picture`)).statusCode).toBe(200);
    });

    it('sets the documents progress flag when all four documents are in', async () => {
      const { student, client } = await signedInStudent();
      for (const type of ['birth_certificate', 'immunization_card', 'sea_slip']) await upload(client, student.id, type, { name: `${type}.pdf`, bytes: PDF });
      const flag = async () =>
        (await t.db.selectFrom('form_progress').select('documents').where('student_id', '=', student.id).executeTakeFirstOrThrow()).documents;
      expect(await flag()).toBe(0);
      await upload(client, student.id, 'picture', { name: 'me.png', bytes: await png() });
      expect(await flag()).toBe(1);
    });

    it("refuses another student's upload, list, file and delete", async () => {
      const { student: owner, client: ownerClient } = await signedInStudent();
      await upload(ownerClient, owner.id, 'sea_slip', { name: 'slip.pdf', bytes: PDF });
      const { client: other } = await signedInStudent();
      expect((await upload(other, owner.id, 'sea_slip', { name: 'slip.pdf', bytes: PDF })).statusCode).toBe(403);
      expect((await other.get(`/api/get-files/${owner.id}`)).statusCode).toBe(403);
      expect((await other.get(`/api/files/${owner.id}/sea_slip`)).statusCode).toBe(403);
      expect((await other.delete(`/api/file?id=${owner.id}&fileType=sea_slip`)).statusCode).toBe(403);
      const admin = new TestClient(t.app);
      await signInAsAdmin(admin);
      expect((await admin.get(`/api/files/${owner.id}/sea_slip`)).statusCode).toBe(200);
    });

    it('refuses a student’s upload while her registration is closed, but not an admin’s', async () => {
      const { student, client } = await signedInStudent();
      await t.db.updateTable('registration_status').set({ open: 0 }).where('form_level', '=', 1).execute();
      try {
        const response = await upload(client, student.id, 'sea_slip', { name: 'slip.pdf', bytes: PDF });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('Registration for Form 1 is closed. Your record can be viewed but not changed.');
        const admin = new TestClient(t.app);
        await signInAsAdmin(admin);
        expect((await upload(admin, student.id, 'sea_slip', { name: 'slip.pdf', bytes: PDF })).statusCode).toBe(200);
      } finally {
        await t.db.updateTable('registration_status').set({ open: 1 }).where('form_level', '=', 1).execute();
      }
    });
  });

  describe('student data files', () => {
    it('saves and reads back the record, for the student only', async () => {
      const { student, client } = await signedInStudent();
      expect(
        (await client.post('/api/student-data-files', { student_id: student.id, note: 'Original birth certificate seen', checked_by: 'Office' })).statusCode,
      ).toBe(200);
      expect((await client.get(`/api/student-data-files/${student.id}`)).json()).toMatchObject({
        student_id: student.id,
        note: 'Original birth certificate seen',
      });
      const { client: other } = await signedInStudent();
      expect((await other.get(`/api/student-data-files/${student.id}`)).statusCode).toBe(403);
    });

    it('refuses a student’s save while her registration is closed, as every other change of hers, but not an admin’s', async () => {
      const { student, client } = await signedInStudent();
      await client.post('/api/student-data-files', { student_id: student.id, note: 'saved while open' });
      await t.db.updateTable('registration_status').set({ open: 0 }).where('form_level', '=', 1).execute();
      try {
        const closed = await client.post('/api/student-data-files', { student_id: student.id, note: 'saved while closed' });
        expect(closed.statusCode).toBe(403);
        expect(closed.json().message).toBe('Registration for Form 1 is closed. Your record can be viewed but not changed.');
        expect((await client.get(`/api/student-data-files/${student.id}`)).json()).toMatchObject({ note: 'saved while open' });
        const admin = new TestClient(t.app);
        await signInAsAdmin(admin);
        expect((await admin.post('/api/student-data-files', { student_id: student.id, note: 'seen by the office' })).statusCode).toBe(200);
        expect((await client.get(`/api/student-data-files/${student.id}`)).json()).toMatchObject({ note: 'seen by the office' });
        expect((await admin.post('/api/student-data-files', { student_id: '20999999', note: 'nobody' })).statusCode).toBe(404);
      } finally {
        await t.db.updateTable('registration_status').set({ open: 1 }).where('form_level', '=', 1).execute();
      }
    });

    it('refuses a student’s save after her form’s deadline', async () => {
      const { student, client } = await signedInStudent();
      await t.db
        .updateTable('registration_status')
        .set({ deadline: new Date(Date.now() - 60_000).toISOString() })
        .where('form_level', '=', 1)
        .execute();
      try {
        const late = await client.post('/api/student-data-files', { student_id: student.id, note: 'too late' });
        expect(late.statusCode).toBe(403);
        expect(late.json().message).toMatch(/^Registration for Form 1 closed on /);
      } finally {
        await t.db.updateTable('registration_status').set({ deadline: null }).where('form_level', '=', 1).execute();
      }
    });
  });
});
