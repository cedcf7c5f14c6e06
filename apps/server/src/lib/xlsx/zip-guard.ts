import { open, type FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';

/** How much a workbook may hold once unzipped. */
export type ZipLimits = {
  /** Files inside the archive (a workbook of one sheet has about a dozen). */
  maxEntries: number;
  /** Their total size once inflated, in bytes. */
  maxUncompressedBytes: number;
};

/** Why an archive is refused, in words for the admin. */
export class ZipRefused extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;

type Entry = { name: string; method: number; flags: number; compressedSize: number; size: number; localOffset: number };

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The end-of-central-directory record: where the directory is, and how many entries it lists. */
async function endOfDirectory(handle: FileHandle, fileSize: number) {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  for (let index = tail.length - 22; index >= 0; index -= 1) {
    if (tail.readUInt32LE(index) !== END_OF_DIRECTORY) continue;
    return { entries: tail.readUInt16LE(index + 10), size: tail.readUInt32LE(index + 12), offset: tail.readUInt32LE(index + 16) };
  }
  throw new ZipRefused('not a zip');
}

/** The entries the central directory lists, read before anything is inflated. */
function directoryEntries(directory: Buffer, count: number): Entry[] {
  const entries: Entry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('damaged directory');
    const nameLength = directory.readUInt16LE(at + 28);
    entries.push({
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

/** Inflates one entry without keeping it, counting its bytes and stopping as soon as it grows past what it declared. */
async function inflatedSize(handle: FileHandle, entry: Entry, start: number): Promise<number> {
  const compressed = await readAt(handle, start, entry.compressedSize);
  if (compressed.length !== entry.compressedSize) throw new ZipRefused('truncated');
  if (entry.method === 0) return compressed.length;
  return new Promise((resolve, reject) => {
    let total = 0;
    const inflate = zlib.createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > entry.size) {
        inflate.destroy();
        reject(new ZipRefused('an entry inflates past its declared size'));
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => reject(new ZipRefused('damaged data')));
    inflate.end(compressed);
  });
}

/**
 * Checks a ZIP archive (an .xlsx is one) before any library inflates it: its central directory
 * must list at most `maxEntries` entries of at most `maxUncompressedBytes` in all, stored or
 * deflated, one after another with nothing hidden between them; then each entry is inflated
 * once, without being kept, to prove it is no larger than it claims (a zip bomb lies about its
 * sizes). Throws `ZipRefused` with the reason; ZIP64 archives are refused as too large.
 */
export async function checkZip(file: string, limits: ZipLimits): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const end = await endOfDirectory(handle, fileSize);
    if (end.entries === 0xffff || end.offset === 0xffffffff || end.size === 0xffffffff) throw new ZipRefused('too large');
    if (end.entries > limits.maxEntries) throw new ZipRefused(`more than ${limits.maxEntries} entries`);
    if (end.offset + end.size > fileSize) throw new ZipRefused('damaged directory');
    const entries = directoryEntries(await readAt(handle, end.offset, end.size), end.entries);
    const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
    if (declared > limits.maxUncompressedBytes) throw new ZipRefused('too large once unzipped');

    // Entries must follow one another from the start of the file to the directory: a local entry
    // the directory does not list would be read by a streaming reader without being checked.
    let expected = 0;
    let inflated = 0;
    for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
      if (entry.method !== 0 && entry.method !== 8) throw new ZipRefused('an unsupported compression');
      if (entry.localOffset !== expected) throw new ZipRefused('entries hidden outside the directory');
      const local = await readAt(handle, entry.localOffset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipRefused('damaged entry');
      const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      inflated += await inflatedSize(handle, entry, dataStart);
      if (inflated > limits.maxUncompressedBytes) throw new ZipRefused('too large once unzipped');
      expected = dataStart + entry.compressedSize;
      if (entry.flags & 0x08) {
        // A data descriptor follows the data: 12 bytes, or 16 with its optional signature.
        const descriptor = await readAt(handle, expected, 4);
        expected += descriptor.length === 4 && descriptor.readUInt32LE(0) === DATA_DESCRIPTOR ? 16 : 12;
      }
    }
    if (expected !== end.offset) throw new ZipRefused('entries hidden outside the directory');
  } finally {
    await handle.close();
  }
}
