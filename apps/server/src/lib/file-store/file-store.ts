import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { NotFound } from '../errors.ts';

/** The bytes to store: a file on disk (moved or read, then gone from where it was) or a Buffer. */
export type FileSource = { path: string } | { bytes: Buffer };

/** What the rows of a change may do with stored bytes, inside the change's transaction. */
export type FileChange = {
  /**
   * The bytes of `key` are no longer named by any row: they go with the change (in its
   * transaction for the database store, just after its commit for the folder).
   */
  release(key: string): Promise<void>;
};

/** A stored file's bytes, opened for reading. */
export type OpenedFile = { stream: Readable; size: number };

/**
 * Where uploaded files' bytes live, by internal key (never a name a user chose). A file's row
 * and its bytes commit or fail together: `put` and `change` run the caller's writes in one write
 * transaction with the bytes. Features get the store as `deps.files` (decision 013).
 *
 *   await deps.files.put({ path: upload.path }, { extension: '.pdf' }, async (trx, key, change) => {
 *     const previous = await repository.find(trx, studentId);
 *     if (previous) await change.release(previous.stored_name);
 *     await repository.insert(trx, { ..., stored_name: key });
 *   });
 */
export interface FileStore {
  /** 'local': the folder DATA_DIR/uploads; 'database': the stored_files table. */
  readonly kind: 'local' | 'database';
  /**
   * Stores `source` under a fresh key and runs `write(trx, key, change)` in one write transaction
   * with it: the rows that name the key, and `change.release` for bytes they stop naming. If
   * `write` fails nothing is stored. Slow work (re-encoding, sniffing) belongs before the call.
   */
  put<T>(source: FileSource, options: { extension?: string }, write: (trx: Transaction<Database>, key: string, change: FileChange) => Promise<T>): Promise<T>;
  /**
   * Stores several files and runs `write(trx, keys, change)` in one write transaction for them
   * all: each file's bytes are stored first under a fresh key no row names (so no one sees them),
   * `between` running after each, then the rows that name them commit together, or none does. If
   * anything fails the stored bytes are removed; a crash before the commit leaves only bytes no
   * row names, which the orphan sweep removes. The files are read one at a time, never all held.
   */
  putMany<T>(
    files: Array<() => Promise<Buffer>>,
    options: { extension?: string; between?: () => Promise<void> },
    write: (trx: Transaction<Database>, keys: string[], change: FileChange) => Promise<T>,
  ): Promise<T>;
  /** Runs `write` in one write transaction whose `change.release` removes bytes with the rows that named them (a deletion). */
  change<T>(write: (trx: Transaction<Database>, change: FileChange) => Promise<T>): Promise<T>;
  /** The bytes of `key` as a stream; `FileMissing` (404) when they are gone. */
  open(key: string): Promise<OpenedFile>;
  /** The bytes of `key` in one Buffer (small files: a photo for a PDF); `FileMissing` when gone. */
  read(key: string): Promise<Buffer>;
  /** Every key the store holds, with when it was stored: for the start-up check of orphans. */
  list(): Promise<Array<{ key: string; storedAt: Date }>>;
  /** Removes the bytes of `key` outside any change (an orphan no row names); nothing when already gone. */
  remove(key: string): Promise<void>;
  /** Writes bytes under a key rows already name: only for the start-up check, bringing files over from the other store. */
  restore(key: string, bytes: Buffer): Promise<void>;
}

/** A row names a stored file whose bytes are gone (a lost disk, a restore without the folder). */
export class FileMissing extends NotFound {
  constructor() {
    super('The file is missing from the store. Please upload it again.');
  }
}

/** A fresh internal key: a folder of two hex digits (256 folders), 128 random bits, and the extension. */
export const newFileKey = (extension = ''): string => `${randomBytes(1).toString('hex')}/${randomBytes(16).toString('hex')}${extension}`;

/** The form of every key, checked before one is used as a path. */
export const isFileKey = (key: string): boolean => /^[0-9a-f]{2}\/[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/.test(key);

/** Keys come from rows; one that is not of the store's form is treated as missing, never used as a path. */
export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new FileMissing();
}
