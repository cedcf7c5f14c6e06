import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { DATA_DESCRIPTOR, DIRECTORY_ENTRY, DIRECTORY_ENTRY_LENGTH, END_LENGTH, END_OF_DIRECTORY, LOCAL_HEADER, LOCAL_HEADER_LENGTH } from './zip-format.ts';

/** How much an archive may hold once unzipped. */
export type ZipLimits = {
  /** Entries in the archive (a workbook of one sheet has about a dozen). */
  maxEntries: number;
  /** Their total size once inflated, in bytes. */
  maxUncompressedBytes: number;
};

/** Why an archive is refused, in words for the admin. */
export class ZipRefused extends Error {}

/** Why an entry's name would climb out of the folder it were written into (the zip-slip class of bug), or null when it would not. */
export type UnsafeName = 'absolute' | 'parent' | 'control';

/** An entry as the central directory lists it, once every offset and length of it has been checked against the file. */
export type ZipEntry = {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: 0 | 8;
  readonly compressedSize: number;
  /** Its size once inflated, as declared, and proved by inflating it once. */
  readonly size: number;
  /** Where its data starts in the file, past its local header. */
  readonly dataStart: number;
  readonly unsafeName: UnsafeName | null;
};

/** An archive `openZip` has checked: its entries in the directory's order, and a way to read one. */
export type ZipArchive = {
  readonly entries: readonly ZipEntry[];
  /** The entry's bytes, inflated. Read its `size` first: the whole entry is held in memory. */
  read(entry: ZipEntry): Promise<Buffer>;
  /** The entry's bytes, inflated a chunk at a time (a reader may stop early by ending the stream). */
  stream(entry: ZipEntry): NodeJS.ReadableStream;
};

const FLAG_ENCRYPTED = 0x01;
const FLAG_DATA_DESCRIPTOR = 0x08;

const inflateRaw = promisify(zlib.inflateRaw);

/** Why `name` is unsafe to write a file by: a path from the root or a drive, a `..` step, or a control character; null when it is none. */
export function unsafeEntryName(name: string): UnsafeName | null {
  if ([...name].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return 'control';
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return 'absolute';
  if (name.split(/[\\/]/).includes('..')) return 'parent';
  return null;
}

/** Exactly `length` bytes at `position`, or the archive is refused as cut short. */
async function readExactly(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipRefused('cut short');
  return buffer;
}

/**
 * The end-of-central-directory record: the last signature whose comment reaches exactly to the
 * end of the file (a signature's bytes inside a comment do not count). Split and ZIP64 archives
 * are refused; the directory must end where this record starts.
 */
async function endOfDirectory(handle: FileHandle, fileSize: number) {
  if (fileSize < END_LENGTH) throw new ZipRefused('not a zip');
  const tailLength = Math.min(fileSize, END_LENGTH + 0xffff);
  const tailStart = fileSize - tailLength;
  const tail = await readExactly(handle, tailStart, tailLength);
  for (let at = tail.length - END_LENGTH; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== END_OF_DIRECTORY || at + END_LENGTH + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const end = {
      position: tailStart + at,
      disk: tail.readUInt16LE(at + 4),
      directoryDisk: tail.readUInt16LE(at + 6),
      entriesHere: tail.readUInt16LE(at + 8),
      entries: tail.readUInt16LE(at + 10),
      size: tail.readUInt32LE(at + 12),
      offset: tail.readUInt32LE(at + 16),
    };
    if (end.entries === 0xffff || end.size === 0xffffffff || end.offset === 0xffffffff) throw new ZipRefused('too large');
    if (end.disk !== 0 || end.directoryDisk !== 0 || end.entriesHere !== end.entries) throw new ZipRefused('split into parts');
    if (end.offset + end.size !== end.position) throw new ZipRefused('damaged directory');
    return end;
  }
  throw new ZipRefused('not a zip');
}

type Listed = Omit<ZipEntry, 'dataStart'> & { nameBytes: Buffer; flags: number; localOffset: number };

/** The entries the directory lists, each record inside the directory's bytes, and the records filling them exactly. */
function directoryEntries(directory: Buffer, count: number): Listed[] {
  const entries: Listed[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + DIRECTORY_ENTRY_LENGTH > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('damaged directory');
    const nameLength = directory.readUInt16LE(at + 28);
    const next = at + DIRECTORY_ENTRY_LENGTH + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (next > directory.length) throw new ZipRefused('damaged directory');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const size = directory.readUInt32LE(at + 24);
    if (flags & FLAG_ENCRYPTED) throw new ZipRefused('an encrypted entry');
    if (method !== 0 && method !== 8) throw new ZipRefused('an unsupported compression');
    if (method === 0 && compressedSize !== size) throw new ZipRefused('damaged directory');
    const nameBytes = directory.subarray(at + DIRECTORY_ENTRY_LENGTH, at + DIRECTORY_ENTRY_LENGTH + nameLength);
    const name = nameBytes.toString('utf8');
    entries.push({ name, nameBytes, method, flags, compressedSize, size, localOffset: directory.readUInt32LE(at + 42), unsafeName: unsafeEntryName(name) });
    at = next;
  }
  if (at !== directory.length) throw new ZipRefused('damaged directory');
  return entries;
}

/** Inflates an entry's data once without keeping it, proving it is the size it declares; stops as soon as it grows past that. */
async function proveSize(path: string, entry: ZipEntry): Promise<void> {
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw new ZipRefused('damaged data');
    return;
  }
  let total = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > entry.size ? new ZipRefused('an entry inflates past its declared size') : null);
    },
  });
  const data = createReadStream(path, { start: entry.dataStart, end: entry.dataStart + entry.compressedSize - 1 });
  try {
    await (entry.method === 0 ? pipeline(data, counter) : pipeline(data, zlib.createInflateRaw(), counter));
  } catch (error) {
    throw error instanceof ZipRefused ? error : new ZipRefused('damaged data');
  }
  if (total !== entry.size) throw new ZipRefused('damaged data');
}

export type OpenZipOptions = {
  /** 'refuse' (the default): an entry whose name would escape a folder refuses the archive; 'list': the caller reads `unsafeName` and says which entry. */
  unsafeNames?: 'refuse' | 'list';
};

/**
 * Reads a ZIP archive's central directory before anything is inflated, checking every offset and
 * length in it against the file: at most `maxEntries` entries of at most `maxUncompressedBytes` in
 * all, stored or deflated, unencrypted, one after another from the start of the file to the
 * directory with nothing hidden between them, each local header agreeing with its directory
 * record. Then each entry is inflated once, without being kept, to prove it is the size it
 * declares (a zip bomb lies about its sizes). Names that would climb out of a folder are refused
 * (or listed, with `unsafeNames: 'list'`). Throws `ZipRefused` with the reason in a few words;
 * ZIP64 and split archives are refused.
 */
export async function openZip(path: string, limits: ZipLimits, { unsafeNames = 'refuse' }: OpenZipOptions = {}): Promise<ZipArchive> {
  const handle = await open(path, 'r');
  const entries: ZipEntry[] = [];
  try {
    const { size: fileSize } = await handle.stat();
    const end = await endOfDirectory(handle, fileSize);
    if (end.entries > limits.maxEntries) throw new ZipRefused(`more than ${limits.maxEntries} entries`);
    const listed = directoryEntries(await readExactly(handle, end.offset, end.size), end.entries);
    if (unsafeNames === 'refuse' && listed.some((entry) => entry.unsafeName)) throw new ZipRefused('a name that leaves its folder');
    if (listed.reduce((sum, entry) => sum + entry.size, 0) > limits.maxUncompressedBytes) throw new ZipRefused('too large once unzipped');

    // Entries must follow one another from the start of the file to the directory: a local entry
    // the directory does not list would be read by a streaming reader without being checked.
    const byPlace = new Map<Listed, ZipEntry>();
    let expected = 0;
    for (const entry of [...listed].sort((a, b) => a.localOffset - b.localOffset)) {
      if (entry.localOffset !== expected || entry.localOffset + LOCAL_HEADER_LENGTH > end.offset) throw new ZipRefused('entries hidden outside the directory');
      const local = await readExactly(handle, entry.localOffset, LOCAL_HEADER_LENGTH);
      if (local.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipRefused('damaged entry');
      const nameLength = local.readUInt16LE(26);
      const dataStart = entry.localOffset + LOCAL_HEADER_LENGTH + nameLength + local.readUInt16LE(28);
      if (dataStart + entry.compressedSize > end.offset) throw new ZipRefused('damaged entry');
      const localName = await readExactly(handle, entry.localOffset + LOCAL_HEADER_LENGTH, nameLength);
      if (!localName.equals(entry.nameBytes)) throw new ZipRefused('an entry named two ways');
      const checked: ZipEntry = {
        name: entry.name,
        method: entry.method,
        compressedSize: entry.compressedSize,
        size: entry.size,
        dataStart,
        unsafeName: entry.unsafeName,
      };
      byPlace.set(entry, checked);
      expected = dataStart + entry.compressedSize;
      if (entry.flags & FLAG_DATA_DESCRIPTOR) {
        // A data descriptor follows the data: 12 bytes, or 16 with its optional signature.
        const signed = expected + 4 <= end.offset && (await readExactly(handle, expected, 4)).readUInt32LE(0) === DATA_DESCRIPTOR;
        expected += signed ? 16 : 12;
      }
      if (expected > end.offset) throw new ZipRefused('damaged entry');
    }
    if (expected !== end.offset) throw new ZipRefused('entries hidden outside the directory');
    entries.push(...listed.map((entry) => byPlace.get(entry)!));
  } finally {
    await handle.close();
  }

  let inflated = 0;
  for (const entry of entries) {
    await proveSize(path, entry);
    inflated += entry.size;
    if (inflated > limits.maxUncompressedBytes) throw new ZipRefused('too large once unzipped');
  }
  return { entries, read: (entry) => readEntry(path, entry), stream: (entry) => streamEntry(path, entry) };
}

/** One entry's bytes as a stream, inflated as they are read; `openZip` proved the entry's size. */
function streamEntry(path: string, entry: ZipEntry): NodeJS.ReadableStream {
  if (entry.compressedSize === 0) return Readable.from([]);
  const data = createReadStream(path, { start: entry.dataStart, end: entry.dataStart + entry.compressedSize - 1 });
  if (entry.method === 0) return data;
  const inflate = zlib.createInflateRaw();
  data.on('error', (error) => inflate.destroy(error));
  inflate.on('close', () => data.destroy());
  return data.pipe(inflate);
}

/** One entry's bytes, inflated; `openZip` proved its size, and the inflation is held to it all the same. */
async function readEntry(path: string, entry: ZipEntry): Promise<Buffer> {
  const handle = await open(path, 'r');
  let data: Buffer;
  try {
    data = await readExactly(handle, entry.dataStart, entry.compressedSize);
  } finally {
    await handle.close();
  }
  if (entry.method === 0) return data;
  const bytes = await inflateRaw(data, { maxOutputLength: Math.max(1, entry.size) }).catch(() => {
    throw new ZipRefused('damaged data');
  });
  if (bytes.length !== entry.size) throw new ZipRefused('damaged data');
  return bytes;
}
