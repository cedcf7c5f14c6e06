import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { openZip } from '../../src/lib/zip/index.ts';

/** One entry of a test ZIP; `declaredSize` lets a test lie about the uncompressed size, as a hostile file would. */
export type ZipEntry = { name: string; data: Buffer | string; store?: boolean; declaredSize?: number };

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

const uint32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};

/** The 26 bytes a local header and a directory entry share: version needed, flags, method, time, CRC, sizes, name and extra lengths. */
function sharedFields(method: number, crc: number, compressedSize: number, size: number, nameLength: number): Buffer {
  const fields = Buffer.alloc(26);
  fields.writeUInt16LE(20, 0);
  fields.writeUInt16LE(method, 4);
  fields.writeUInt32LE(crc, 10);
  fields.writeUInt32LE(compressedSize, 14);
  fields.writeUInt32LE(size, 18);
  fields.writeUInt16LE(nameLength, 22);
  return fields;
}

/**
 * A ZIP archive made by hand (deflated entries unless `store`), so tests can build hostile ones;
 * `hiddenBefore` puts bytes (such as a local entry the directory does not list) before the first entry.
 */
export function makeZip(entries: ZipEntry[], { hiddenBefore = Buffer.alloc(0) }: { hiddenBefore?: Buffer } = {}): Buffer {
  const locals: Buffer[] = [hiddenBefore];
  const centrals: Buffer[] = [];
  let offset = hiddenBefore.length;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const body = entry.store ? data : zlib.deflateRawSync(data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? data.length;
    const method = entry.store ? 0 : 8;
    const shared = sharedFields(method, crc32(data), body.length, size, name.length);
    const local = Buffer.concat([uint32(0x04034b50), shared]);
    locals.push(local, name, body);
    // A directory entry: its signature, "made by", the fields a local header has, then comment, disk, attributes and the local header's offset.
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    const central = Buffer.concat([uint32(0x02014b50), Buffer.from([20, 0]), shared, tail]);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every file of a downloaded ZIP by its name, read with the portal's own checked reader. */
export async function filesOfZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-zip-'));
  try {
    const file = path.join(folder, 'download.zip');
    fs.writeFileSync(file, zip);
    const archive = await openZip(file, { maxEntries: 100, maxUncompressedBytes: 100 * 1024 * 1024 });
    return new Map(await Promise.all(archive.entries.map(async (entry) => [entry.name, await archive.read(entry)] as const)));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
