import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fieldTitle, hasOnlyXmlCharacters, messages, studentFields } from '@school/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip } from '../../../src/lib/zip/index.ts';
import { adminApp, openRegistration, signedInStudent, type TestStudent } from '../../helpers/factories.ts';
import { multipart } from '../../helpers/multipart.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import type { TestClient } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { readWorkbook } from './workbook.ts';

let t: TestApp;
let admin: TestClient;
let student: TestStudent;
let client: TestClient;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'xml-characters-'));
beforeAll(async () => {
  ({ t, admin } = await adminApp());
  await openRegistration(t.db);
  ({ student, client } = await signedInStudent(t, { class_id: '2C' }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Every free-text field of the record (the parents' names among them). */
const textFields = studentFields.filter((field) => field.kind === 'text');
/** Characters XML 1.0 forbids: C0 controls but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates. */
const forbidden = fc.constantFrom(
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((character) => !'\t\n\r'.includes(character)),
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
);
/** Any UTF-16 code unit or whole code point: text as random as a browser can send. */
const anyUnicode = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    forbidden,
  ),
  maxLength: 40,
});

/** PostgreSQL's text cannot hold a NUL at all (SQLite's can): the raw values stored there go without it. */
const storable = (text: string) => (testDialect === 'postgres' ? text.replaceAll('\u0000', '') : text);

/** A code point XML 1.0 forbids, written raw or as a character reference, anywhere in an XML part. */
function forbiddenInXml(xml: string): string | null {
  for (const character of xml) if (!hasOnlyXmlCharacters(character)) return `U+${character.charCodeAt(0).toString(16)}`;
  for (const match of xml.matchAll(/&#(x[0-9a-f]+|\d+);/gi)) {
    const code = match[1][0].toLowerCase() === 'x' ? parseInt(match[1].slice(1), 16) : Number(match[1]);
    if (code > 0xffff ? code > 0x10ffff : !hasOnlyXmlCharacters(String.fromCharCode(code))) return match[0];
  }
  return null;
}

/** The worksheets and shared strings of a workbook, each as its XML text. */
async function sheetXml(bytes: Buffer): Promise<Array<{ name: string; xml: string }>> {
  const file = path.join(folder, `${Math.random().toString(16).slice(2)}.xlsx`);
  fs.writeFileSync(file, bytes);
  const zip = await openZip(file, { maxEntries: 1000, maxUncompressedBytes: 200_000_000 });
  const parts = zip.entries.filter((entry) => /^xl\/(worksheets\/[^/]+\.xml|sharedStrings\.xml)$/.test(entry.name));
  return Promise.all(parts.map(async (entry) => ({ name: entry.name, xml: (await zip.read(entry)).toString('utf8') })));
}

describe('characters XML 1.0 forbids, on save', () => {
  it('refuses them in every text field with a 422 naming the field, and takes any other text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...textFields), anyUnicode, forbidden, async (field, text, bad) => {
        const version = (await client.get(`/api/student/${student.id}`)).json().record.updatedAt;
        const value = `${text.slice(0, (field.max ?? 20) - 3)}${bad}x`;
        const answer = await client.post('/api/student', { id: student.id, updatedAt: version, [field.name]: value });
        expect(answer.statusCode).toBe(422);
        expect(answer.json().errors[field.name]).toEqual([messages.forbiddenCharacter(fieldTitle(field))]);
        expect(answer.json().errors[field.name][0]).toContain(field.label);
        // The refusal is about that character alone.
        expect(Object.keys(answer.json().errors)).toEqual([field.name]);
      }),
      { numRuns: 40, seed: 4021 },
    );
    const version = (await client.get(`/api/student/${student.id}`)).json().record.updatedAt;
    const fine = await client.post('/api/student', { id: student.id, updatedAt: version, medical_history: 'Tab\there, line\nbreak, emoji 🎒, é' });
    expect(fine.json().errors).toBeUndefined();
    expect(fine.statusCode).toBe(200);
  });
});

describe('characters XML 1.0 forbids, in what the portal writes', () => {
  it('strips them from the registration spreadsheet and Parents Contact, whose every part a strict XML parser reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyUnicode, { minLength: textFields.length, maxLength: textFields.length }), async (texts) => {
        // Values saved before this rule (or by another program) are in the database as they were.
        const values = Object.fromEntries(textFields.map((field, index) => [field.name, storable(`${texts[index]}\uFFFF`.slice(-(field.max ?? 20)))]));
        await t.db
          .updateTable('students')
          .set({ ...values, living_status: 'Both Parents', class_id: '2C' })
          .where('id', '=', student.id)
          .execute();
        for (const url of ['/api/registration-data-spreadsheet', '/api/parents-contact/2C/xlsx']) {
          const response = await admin.get(url);
          expect(response.statusCode, url).toBe(200);
          for (const part of await sheetXml(response.rawPayload)) expect(forbiddenInXml(part.xml), `${url} ${part.name}`).toBeNull();
          // exceljs reads every part with saxes, a strict XML 1.0 parser.
          await expect(readWorkbook(response.rawPayload)).resolves.toBeTruthy();
        }
      }),
      { numRuns: 6, seed: 40 },
    );
    await t.db.updateTable('students').set({ mother_name: 'Joan\uFFFF Bell\u0001' }).where('id', '=', student.id).execute();
    const sheets = await readWorkbook((await admin.get('/api/parents-contact/2C/xlsx')).rawPayload);
    expect(JSON.stringify(sheets[0].rows)).toContain('Joan Bell');
    const pdf = await admin.get('/api/parents-contact/2C/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Joan Bell');
  });

  it('strips them from an imported file', async () => {
    const csv = `Student ID,First Name,Last Name,Date of Birth\nXML-1,Ann\u0001a,Lee\uFFFF,2013-04-05\n`;
    const { payload, headers } = multipart({ dry_run: 'false', mode: 'insert' }, { name: 'intake.csv', bytes: Buffer.from(csv) });
    const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    const xsrf = decodeURIComponent(admin.cookies.get('XSRF-TOKEN') ?? '');
    const answer = await t.app.inject({ method: 'POST', url: '/api/student-import', payload, headers: { ...headers, cookie, 'x-xsrf-token': xsrf } });
    expect(answer.json()).toMatchObject({ inserted: 1, errors: [] });
    const row = await t.db.selectFrom('students').select(['first_name', 'last_name']).where('id', '=', 'XML-1').executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Anna', last_name: 'Lee' });
  });
});
