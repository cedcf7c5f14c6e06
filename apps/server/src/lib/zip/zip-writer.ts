import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { DIRECTORY_ENTRY, END_LENGTH, END_OF_DIRECTORY, LOCAL_HEADER, LOCAL_HEADER_LENGTH } from './zip-format.ts';

/** One file of an archive: its name inside it (folders with `/`) and its bytes. */
export type ZipFile = { name: string; data: Buffer | string; /** Kept as it is: for bytes already compressed (a JPEG, a PNG). */ store?: boolean };

const deflateRaw = promisify(zlib.deflateRaw);

/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** What a ZIP of ours can hold without the ZIP64 extension: fewer than 65,535 entries and 4 GB. */
const MAX_ENTRIES = 0xffff;
const MAX_BYTES = 0xffffffff;

/** A time as MS-DOS writes it (two-second steps, local fields); ZIP has no zone, so the school's wall clock is what it shows. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((Math.max(1980, at.getUTCFullYear()) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** The fields a local header and a directory entry share, from "version needed" to the extra field's length. */
function sharedFields(props: { method: number; time: number; date: number; crc: number; compressed: number; size: number; nameLength: number }): Buffer {
  const fields = Buffer.alloc(26);
  fields.writeUInt16LE(20, 0);
  fields.writeUInt16LE(UTF8_NAMES, 2);
  fields.writeUInt16LE(props.method, 4);
  fields.writeUInt16LE(props.time, 6);
  fields.writeUInt16LE(props.date, 8);
  fields.writeUInt32LE(props.crc, 10);
  fields.writeUInt32LE(props.compressed, 14);
  fields.writeUInt32LE(props.size, 18);
  fields.writeUInt16LE(props.nameLength, 22);
  return fields;
}

/**
 * One ZIP archive holding `files` (PKWARE's APPNOTE, deflated unless `store`), built in memory:
 * for a download of a few files of known, capped size, such as a student's own data. Deflating runs
 * on libuv's thread pool, so a big file does not hold up other requests. `at` is the time every
 * entry carries, given as the wall clock to show (the school's local time in UTC fields).
 */
export async function writeZip(files: readonly ZipFile[], at: Date): Promise<Buffer> {
  if (files.length >= MAX_ENTRIES) throw new Error(`A ZIP holds fewer than ${MAX_ENTRIES} files.`);
  const { time, date } = dosTime(at);
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    const body = file.store ? data : await deflateRaw(data);
    const name = Buffer.from(file.name);
    const shared = sharedFields({
      method: file.store ? 0 : 8,
      time,
      date,
      crc: zlib.crc32(data),
      compressed: body.length,
      size: data.length,
      nameLength: name.length,
    });
    const local = Buffer.alloc(4);
    local.writeUInt32LE(LOCAL_HEADER);
    parts.push(local, shared, name, body);
    // The directory entry: signature, "made by", the shared fields, then comment length, disk, attributes and where the local header starts.
    const head = Buffer.alloc(6);
    head.writeUInt32LE(DIRECTORY_ENTRY);
    head.writeUInt16LE(20, 4);
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    directory.push(head, shared, tail, name);
    offset += LOCAL_HEADER_LENGTH + name.length + body.length;
    if (offset > MAX_BYTES) throw new Error('A ZIP of ours holds less than 4 GB.');
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(END_LENGTH);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}
