import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openZip, writeZip } from '../../../src/lib/zip/index.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-zip-writer-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The archive opened by the portal's own reader, which checks every offset and length. */
async function opened(zip: Buffer) {
  const file = path.join(folder, `written-${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, zip);
  return openZip(file, { maxEntries: 100, maxUncompressedBytes: 50 * 1024 * 1024 });
}

describe('the ZIP writer', () => {
  it('writes files that read back byte for byte, deflated or stored, with UTF-8 names and true CRCs', async () => {
    const photo = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7919) % 256));
    const files = [
      { name: 'my-record.json', data: JSON.stringify({ Name: 'Zoë', notes: 'x'.repeat(10_000) }) },
      { name: 'documents/Photo of the Student.jpg', data: photo, store: true },
      { name: 'report-cards/2025-2026 Term 1 Michaelmas.pdf', data: Buffer.from('%PDF-1.4 card') },
    ];
    const zip = await writeZip(files, new Date('2026-11-26T10:30:00Z'));
    const archive = await opened(zip);
    expect(archive.entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    expect(archive.entries.map((entry) => entry.method)).toEqual([8, 0, 8]);
    // Deflated text is much smaller than itself.
    expect(archive.entries[0].compressedSize).toBeLessThan(archive.entries[0].size / 10);
    for (const [index, entry] of archive.entries.entries()) {
      const data = await archive.read(entry);
      const expected = Buffer.isBuffer(files[index].data) ? files[index].data : Buffer.from(files[index].data);
      expect(data.equals(expected)).toBe(true);
      const localHeader = entry.dataStart - 30 - Buffer.byteLength(entry.name);
      expect(zip.readUInt32LE(localHeader + 14)).toBe(zlib.crc32(expected));
    }
  });

  it('writes an empty archive that still opens', async () => {
    const archive = await opened(await writeZip([], new Date()));
    expect(archive.entries).toEqual([]);
  });
});
