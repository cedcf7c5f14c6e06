import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { attendanceImportRequest, errorResponses, messages, messageSchema } from '@school/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { incomingDir, kindsInWords, receiveUpload, sniffUploadKind, uploadedFile, type ReceivedFile } from '../../src/lib/uploads/index.ts';
import { multipart } from '../helpers/multipart.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
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
  const incoming = () => (fs.existsSync(incomingDir(t.config)) ? fs.readdirSync(incomingDir(t.config)) : []);

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
    });
  });
  afterAll(() => t.close());

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

  it('removes the temporary file of an upload the client aborts halfway', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const boundary = '----aborted';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\ntrue\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\n`;
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /test/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 30_000}\r\n\r\n${head}`,
    );
    socket.write('a'.repeat(10_000));
    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      return condition();
    };
    expect(await until(() => incoming().length === 1)).toBe(true);
    socket.destroy();
    expect(await until(() => incoming().length === 0)).toBe(true);
  });
});
