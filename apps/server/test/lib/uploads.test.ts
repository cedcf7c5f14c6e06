import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attendanceImportRequest, errorResponses, messages, messageSchema } from '@school/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { incomingRoot, kindsInWords, receiveUpload, sniffUploadKind, uploadedFile, type ReceivedFile } from '../../src/lib/uploads/index.ts';
import { multipart } from '../helpers/multipart.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/wait.ts';
import { makeZip } from '../helpers/zip.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const xlsx = async () => {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Students').addRow(['Student ID', 'Last Name']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

describe('telling a file’s kind by its content', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sniff-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const sniff = async (bytes: Buffer | string) => {
    const file = path.join(folder, `f${Math.random()}`);
    fs.writeFileSync(file, bytes);
    return sniffUploadKind(file);
  };

  it('knows PDFs, photos, workbooks, ZIPs and CSV text', async () => {
    expect(await sniff(PDF)).toBe('pdf');
    expect(
      await sniff(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      await sniff(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('png');
    expect(await sniff(await xlsx())).toBe('xlsx');
    expect(await sniff(makeZip([{ name: '20260001.pdf', data: PDF }]))).toBe('zip');
    expect(await sniff('\uFEFFStudent ID,Last Name\n20260001,"Mohammed, Jr."\n')).toBe('csv');
  });

  it('names nothing it does not take: binary noise, text with NUL bytes, an empty file, a Word document', async () => {
    expect(await sniff(Buffer.from([0x00, 0xff, 0x10, 0x80, 0x81, 0x00, 0x02]))).toBeNull();
    expect(await sniff('Student ID\u0000,Name')).toBeNull();
    expect(await sniff(Buffer.alloc(0))).toBeNull();
    const word = makeZip([
      {
        name: '[Content_Types].xml',
        data: '<Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      },
      { name: 'word/document.xml', data: '<w/>' },
    ]);
    expect(await sniff(word)).toBeNull();
  });

  it('says the kinds in words', () => {
    expect(kindsInWords(['pdf'])).toBe('a PDF file');
    expect(kindsInWords(['jpeg', 'png'])).toBe('a JPEG image or a PNG image');
    expect(kindsInWords(['xlsx', 'csv', 'zip'])).toBe('an Excel workbook (.xlsx), a CSV file or a ZIP file');
  });
});

describe('receiving an upload', () => {
  let t: TestApp;
  /** What the import handler saw: its fields, and whether the temporary file existed while it ran. */
  let seen: { fields: Record<string, unknown>; file: ReceivedFile; existed: boolean } | undefined;
  /** Every file under the folders of uploads still arriving, this process's and any other's. */
  const incoming = () =>
    fs.existsSync(incomingRoot(t.config))
      ? fs
          .readdirSync(incomingRoot(t.config), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name)
      : [];

  beforeAll(async () => {
    t = await buildTestApp({ uploadMaxBytes: 32 * 1024 }, async (app) => {
      const body = attendanceImportRequest.extend({ file: uploadedFile() });
      const options = {
        config: { access: 'visitor' as const, csrf: false },
        schema: { consumes: ['multipart/form-data'], body, response: { 200: messageSchema, ...errorResponses } },
      };
      app.post('/test/import', { ...options, preValidation: receiveUpload({ accept: ['xlsx', 'csv'] }) }, async (request) => {
        const { file, ...fields } = request.body as z.infer<typeof body>;
        seen = { fields, file, existed: fs.existsSync(file.path) };
        return { message: `${file.kind} ${file.name} ${file.size}` };
      });
      app.post('/test/failing', { ...options, preValidation: receiveUpload() }, async () => {
        throw new Error('the service failed');
      });
      app.post('/test/slow', { ...options, preValidation: receiveUpload() }, async () => {
        // A slow service is what this route is: a client drops its upload while it runs.
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { message: 'done' };
      });
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  let url: string;

  const post = (url: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) =>
    t.app.inject({ method: 'POST', url, ...multipart(fields, file) });

  it('hands the route its fields and the file, on disk while it runs and gone once it has answered', async () => {
    const bytes = await xlsx();
    const response = await post('/test/import', { dry_run: 'true' }, { name: '..\\..\\Students 2026.XLSX', bytes });
    expect(response.json()).toEqual({ message: `xlsx Students 2026.XLSX ${bytes.length}` });
    expect(seen?.fields).toEqual({ dry_run: true });
    expect(seen?.file).toMatchObject({ extension: '.xlsx', kind: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(seen?.existed).toBe(true);
    expect(fs.existsSync(seen!.file.path)).toBe(false);
    expect(incoming()).toEqual([]);
  });

  it('refuses a PDF named .xlsx, and a workbook named .pdf', async () => {
    for (const file of [
      { name: 'students.xlsx', bytes: PDF },
      { name: 'students.pdf', bytes: await xlsx() },
    ]) {
      const response = await post('/test/import', { dry_run: 'false' }, file);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The file must be an Excel workbook (.xlsx) or a CSV file.',
        errors: { file: ['The file must be an Excel workbook (.xlsx) or a CSV file.'] },
      });
    }
    expect(incoming()).toEqual([]);
  });

  it('checks the fields with the route’s schema and asks for a file when none came', async () => {
    const noFile = await post('/test/import', { dry_run: 'true' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toEqual({ message: 'Please select a file!', errors: { file: ['Please select a file!'] } });
    const badField = await post('/test/import', { dry_run: 'maybe' }, { name: 'a.csv', bytes: Buffer.from('a,b\n') });
    expect(badField.json()).toEqual({ message: messages.dryRun, errors: { dry_run: [messages.dryRun] } });
    const notMultipart = await t.app.inject({ method: 'POST', url: '/test/import', payload: { dry_run: 'true' } });
    expect(notMultipart.json()).toEqual({ message: 'Please select a file!', errors: { file: ['Please select a file!'] } });
    expect(incoming()).toEqual([]);
  });

  it('refuses fields named after object internals with a 4xx, keeping no file', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const response = await post(
        '/test/import',
        Object.fromEntries([
          [name, 'x'],
          ['dry_run', 'true'],
        ]),
        { name: 'a.csv', bytes: Buffer.from('a,b\n') },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/prototype property is not allowed/);
    }
    expect(incoming()).toEqual([]);
  });

  it('refuses a file past the size cap with 413 and keeps none of it', async () => {
    const response = await post('/test/import', { dry_run: 'true' }, { name: 'big.csv', bytes: Buffer.alloc(40 * 1024, 'a') });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than 0 MB.');
    expect(incoming()).toEqual([]);
  });

  it('removes the temporary file when the service fails', async () => {
    const response = await post('/test/failing', { dry_run: 'true' }, { name: 'a.csv', bytes: Buffer.from('a,b\n') });
    expect(response.statusCode).toBe(500);
    expect(incoming()).toEqual([]);
  });

  it('answers a body that is not whole, well-formed multipart/form-data with 400 saying so, keeping no file', async () => {
    const message = 'The upload could not be read: it did not arrive whole as multipart/form-data. Please choose the file and try again.';
    const { payload } = multipart({ dry_run: 'true' }, { name: 'a.csv', bytes: Buffer.from('a,b\n') });
    const boundary = /^--(\S+)/.exec(payload.toString())![1];
    for (const [contentType, body] of [
      ['multipart/form-data', payload],
      ['multipart/form-data; charset=utf-8', payload],
      [`multipart/form-data; boundary=${boundary}`, payload.subarray(0, payload.length - 40)],
      [`multipart/form-data; boundary=${boundary}`, Buffer.from('not multipart at all')],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/test/import', payload: body, headers: { 'content-type': contentType } });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json()).toEqual({ message, errors: { file: [message] } });
    }
    const mixed = await t.app.inject({ method: 'POST', url: '/test/import', payload, headers: { 'content-type': `multipart/mixed; boundary=${boundary}` } });
    expect(mixed.statusCode).toBe(415);
    expect(mixed.json()).toEqual({ message: 'This call takes a file sent as multipart/form-data.' });
    expect(incoming()).toEqual([]);
  });

  /** A multipart body as bytes, with the type that names its boundary. */
  const rawUpload = (file: Buffer) => {
    const { payload, headers } = multipart({ dry_run: 'true' }, { name: 'big.csv', bytes: file });
    return { body: payload, type: headers['content-type'] };
  };

  it('serves the next request on the same keep-alive connection after refusing an upload part-way', async () => {
    const connection = await RawConnection.open(url);
    try {
      const tooLarge = rawUpload(Buffer.alloc(200 * 1024, 'a'));
      connection.send('POST', '/test/import', { 'Content-Type': tooLarge.type }, tooLarge.body);
      expect((await connection.answer()).status).toBe(413);
      connection.send('GET', '/api/session');
      expect((await connection.answer()).status).toBe(200);

      // A part whose headers break off, then much more body that is never parsed.
      const broken = Buffer.concat([Buffer.from('--b\r\nbroken header line without a colon'), Buffer.alloc(300 * 1024, 'x')]);
      connection.send('POST', '/test/import', { 'Content-Type': 'multipart/form-data; boundary=b' }, broken);
      expect((await connection.answer()).status).toBe(400);
      connection.send('GET', '/api/session');
      expect((await connection.answer()).status).toBe(200);
      expect(connection.isOpen).toBe(true);
    } finally {
      connection.close();
    }
    expect(incoming()).toEqual([]);
  });

  it('closes the connection after refusing an upload whose body is far larger than the call takes, rather than reading it all', async () => {
    const connection = await RawConnection.open(url);
    try {
      const head = rawUpload(Buffer.alloc(64 * 1024, 'a')).body.subarray(0, 40 * 1024);
      connection.write(
        `POST /test/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${rawUpload(Buffer.alloc(1)).type.replace(/boundary=.*/, `boundary=${/^--(\S+)/.exec(head.toString())![1]}`)}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      connection.write(head);
      const answer = await connection.answer();
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      await connection.closed;
    } finally {
      connection.close();
    }
  });

  /** Sends the start of an upload of 30,000 bytes, the first `sent` bytes of its body, then drops the connection, `after` ms later. */
  async function abortUpload(route: string, sent: number, after: number) {
    const { body, type } = rawUpload(Buffer.alloc(30_000, 'a'));
    const connection = await RawConnection.open(url);
    connection.write(`POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`);
    connection.write(body.subarray(0, sent));
    if (after > 0) await new Promise((resolve) => setTimeout(resolve, after));
    connection.close();
  }

  it('keeps no file of an upload the client drops at any point: in the fields, halfway through the file, at once or later, or while it is handled', async () => {
    const { body } = rawUpload(Buffer.alloc(30_000, 'a'));
    const fileStarts = body.indexOf('big.csv') + 80;
    for (const sent of [40, fileStarts, fileStarts + 5_000, body.length - 100, body.length]) {
      for (const after of [0, 1, 30]) {
        await abortUpload('/test/import', sent, after);
        expect(await until(() => incoming().length === 0), `dropped after ${sent} bytes, ${after} ms`).toBe(true);
      }
    }
    await abortUpload('/test/slow', body.length, 100);
    expect(await until(() => incoming().length === 0)).toBe(true);
  });

  it('removes the temporary file of an upload the client aborts halfway, while it is still arriving', async () => {
    const { body, type } = rawUpload(Buffer.alloc(30_000, 'a'));
    const connection = await RawConnection.open(url);
    connection.write(`POST /test/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`);
    connection.write(body.subarray(0, 10_000));
    expect(await until(() => incoming().length === 1)).toBe(true);
    connection.close();
    expect(await until(() => incoming().length === 0)).toBe(true);
  });
});
