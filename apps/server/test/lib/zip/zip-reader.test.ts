import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openZip, ZipRefused, type ZipLimits } from '../../../src/lib/zip/index.ts';
import { makeZip, type ZipEntry } from '../../helpers/zip.ts';
import { describeWithoutDatabase } from '../../helpers/test-db.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-zip-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let sequence = 0;
/** The bytes as a file of their own, as an upload arrives. */
const fileOf = (bytes: Buffer) => {
  const file = path.join(folder, `archive-${(sequence += 1)}.zip`);
  fs.writeFileSync(file, bytes);
  return file;
};

const limits: ZipLimits = { maxEntries: 20, maxUncompressedBytes: 5 * 1024 * 1024 };
const open = (bytes: Buffer, options?: Parameters<typeof openZip>[2]) => openZip(fileOf(bytes), limits, options);
const refusal = async (bytes: Buffer) => {
  const error = await open(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ZipRefused);
  return (error as ZipRefused).message;
};

const entries: ZipEntry[] = [
  { name: '[Content_Types].xml', data: '<Types/>' },
  { name: 'xl/workbook.xml', data: '<workbook>'.repeat(50) },
  { name: 'notes.txt', data: 'stored as it is', store: true },
];

/** Where a test archive's parts are: the end record is its last 22 bytes (no comment), the directory just before. */
const endOf = (zip: Buffer) => zip.length - 22;
const directoryOf = (zip: Buffer) => zip.readUInt32LE(endOf(zip) + 16);
/** A copy of `zip` with `write` applied to it. */
const patched = (zip: Buffer, write: (copy: Buffer) => void) => {
  const copy = Buffer.from(zip);
  write(copy);
  return copy;
};

describeWithoutDatabase('openZip', () => {
  it("lists a workbook's entries and reads each, stored or deflated, as it was written", async () => {
    const zip = await open(makeZip(entries));
    expect(zip.entries.map((entry) => [entry.name, entry.method, entry.size, entry.unsafeName])).toEqual([
      ['[Content_Types].xml', 8, 8, null],
      ['xl/workbook.xml', 8, 500, null],
      ['notes.txt', 0, 15, null],
    ]);
    expect((await zip.read(zip.entries[1])).toString()).toBe('<workbook>'.repeat(50));
    expect((await zip.read(zip.entries[2])).toString()).toBe('stored as it is');

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('A').addRow(['x']);
    const written = await open(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(written.entries.map((entry) => entry.name)).toContain('xl/workbook.xml');
  });

  it('refuses a zip bomb: an entry that inflates past the size it declares, however small the file', async () => {
    const bomb = makeZip([...entries, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1024 }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await refusal(bomb)).toBe('an entry inflates past its declared size');
  });

  it('refuses an archive too large once unzipped, or with too many entries, before inflating anything', async () => {
    expect(await refusal(makeZip([{ name: 'big.xml', data: Buffer.alloc(6 * 1024 * 1024) }]))).toBe('too large once unzipped');
    expect(await refusal(makeZip([{ name: 'huge.xml', data: 'x', declaredSize: 0xfffffff0 }]))).toBe('too large once unzipped');
    expect(await refusal(makeZip(Array.from({ length: 21 }, (_, index) => ({ name: `part${index}.xml`, data: '<x/>' }))))).toBe('more than 20 entries');
  });

  it('refuses an entry hidden outside the central directory', async () => {
    const other = makeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024) }]);
    // That archive's local entry alone: a streaming reader would inflate it, though the directory does not list it.
    const localOnly = other.subarray(0, other.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    expect(await refusal(makeZip(entries, { hiddenBefore: localOnly }))).toBe('entries hidden outside the directory');
  });

  it.each(['../../etc/cron.d/x', 'a/../../x', '/etc/passwd', '\\\\server\\share\\x', 'C:\\Windows\\x', 'C:x', 'a\u0000b.xml', 'line\nbreak'])(
    'refuses the name %j, which would leave its folder, or lists it when asked',
    async (name) => {
      const bytes = makeZip([...entries, { name, data: 'x' }]);
      expect(await refusal(bytes)).toBe('a name that leaves its folder');
      const listed = await open(bytes, { unsafeNames: 'list' });
      expect(listed.entries.at(-1)?.unsafeName).not.toBeNull();
      expect(listed.entries.slice(0, -1).every((entry) => entry.unsafeName === null)).toBe(true);
    },
  );

  it('refuses an archive cut short anywhere, never reading past its end', async () => {
    const whole = makeZip(entries);
    const cuts = Array.from({ length: whole.length }, (_, length) => length);
    for (const length of cuts) {
      const error = await open(whole.subarray(0, length)).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, `cut at ${length} of ${whole.length} bytes`).toBeInstanceOf(ZipRefused);
    }
  });

  describe('refuses a directory that lies', () => {
    const zip = makeZip(entries);
    const end = endOf(zip);
    const directory = directoryOf(zip);
    const secondEntry = directory + 46 + Buffer.byteLength(entries[0].name);

    it.each<[string, (copy: Buffer) => void, string]>([
      ['more entries than it holds', (copy) => (copy.writeUInt16LE(4, end + 8), copy.writeUInt16LE(4, end + 10)), 'damaged directory'],
      ['fewer entries than it holds', (copy) => (copy.writeUInt16LE(2, end + 8), copy.writeUInt16LE(2, end + 10)), 'damaged directory'],
      ['entries on this part unlike the total', (copy) => copy.writeUInt16LE(2, end + 8), 'split into parts'],
      ['a directory starting past the end of the file', (copy) => copy.writeUInt32LE(zip.length + 1000, end + 16), 'damaged directory'],
      ['a directory longer than the file', (copy) => copy.writeUInt32LE(0x7fffffff, end + 12), 'damaged directory'],
      ['a ZIP64 marker', (copy) => copy.writeUInt32LE(0xffffffff, end + 16), 'too large'],
      ['a name running past the directory', (copy) => copy.writeUInt16LE(0xfff0, secondEntry + 28), 'damaged directory'],
      ['an entry whose data starts past the directory', (copy) => copy.writeUInt32LE(directory + 10, secondEntry + 42), 'entries hidden outside the directory'],
      ['an entry whose data runs into the directory', (copy) => copy.writeUInt32LE(zip.length, secondEntry + 20), 'damaged entry'],
      ['an entry smaller once inflated than it declares', (copy) => copy.writeUInt32LE(5000, secondEntry + 24), 'damaged data'],
      ['a local header that names the entry otherwise', (copy) => copy.write('y', 30), 'an entry named two ways'],
      ['an encrypted entry', (copy) => copy.writeUInt16LE(1, secondEntry + 8), 'an encrypted entry'],
      ['an unknown compression', (copy) => copy.writeUInt16LE(12, secondEntry + 10), 'an unsupported compression'],
    ])('with %s', async (_what, write, reason) => {
      expect(await refusal(patched(zip, write))).toBe(reason);
    });
  });

  it('answers any damaged archive with a refusal or entries that read back at their declared sizes', async () => {
    const whole = makeZip(entries);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(whole.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }), async (changes) => {
        const damaged = patched(whole, (copy) => changes.forEach(([at, byte]) => (copy[at] = byte)));
        const outcome = await open(damaged).then(
          async (zip) => Promise.all(zip.entries.map(async (entry) => (await zip.read(entry)).length === entry.size)),
          (error: unknown) => error,
        );
        if (Array.isArray(outcome)) expect(outcome.every(Boolean)).toBe(true);
        else expect(outcome).toBeInstanceOf(ZipRefused);
      }),
      { numRuns: 400 },
    );
  });
});
