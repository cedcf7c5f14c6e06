import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { WriteTransactions } from '../../db/write-transactions.ts';
import { assertFileKey, FileMissing, isFileKey, newFileKey, type FileSource, type FileStore } from './file-store.ts';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** Moves a file into place: a rename on the same disk, else a copy and a removal. */
async function moveInto(source: string, target: string): Promise<void> {
  try {
    await fs.rename(source, target);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    await fs.copyFile(source, target);
    await fs.rm(source, { force: true });
  }
}

/**
 * Files in a folder (DATA_DIR/uploads, the default with SQLite): a key is a path under it. The
 * bytes are written first under a fresh key, then the rows; if the rows fail the bytes are
 * removed, and released bytes are removed once the rows' commit is on disk. A crash in between
 * leaves only bytes that no row names, which the start-up check removes.
 */
export function localFileStore(root: string, writeTransaction: WriteTransactions): FileStore {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return path.join(root, key);
  };

  async function runChange<T>(write: (trx: Parameters<Parameters<WriteTransactions>[0]>[0], released: string[]) => Promise<T>): Promise<T> {
    const released: string[] = [];
    const result = await writeTransaction((trx) => {
      released.length = 0;
      return write(trx, released);
    });
    await Promise.all(released.map((key) => fs.rm(pathOf(key), { force: true })));
    return result;
  }

  /** Writes the bytes under a fresh key, named by no row yet: its key. */
  async function place(source: FileSource, extension: string | undefined): Promise<string> {
    const key = newFileKey(extension);
    const target = pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if ('path' in source) await moveInto(source.path, target);
    else await fs.writeFile(target, source.bytes, { flag: 'wx' });
    return key;
  }

  return {
    kind: 'local',

    async put(source: FileSource, { extension }, write) {
      const key = await place(source, extension);
      const target = pathOf(key);
      try {
        return await runChange((trx, released) => write(trx, key, { release: async (old) => void released.push(old) }));
      } catch (error) {
        await fs.rm(target, { force: true });
        throw error;
      }
    },

    async putMany(files, { extension, between }, write) {
      const keys: string[] = [];
      try {
        for (const file of files) {
          keys.push(await place({ bytes: await file() }, extension));
          await between?.();
        }
        return await runChange((trx, released) => write(trx, keys, { release: async (old) => void released.push(old) }));
      } catch (error) {
        await Promise.all(keys.map((key) => fs.rm(pathOf(key), { force: true })));
        throw error;
      }
    },

    change: (write) => runChange((trx, released) => write(trx, { release: async (old) => void released.push(old) })),

    async open(key) {
      const file = pathOf(key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) throw new FileMissing();
        throw error;
      }
    },

    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new FileMissing();
        throw error;
      }
    },

    async list() {
      await fs.mkdir(root, { recursive: true });
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      // Only what the store wrote: the folder of files still arriving and anything else placed here are not its keys.
      const keys = files.filter(isFileKey);
      return Promise.all(keys.map(async (key) => ({ key, storedAt: (await fs.stat(path.join(root, key))).mtime })));
    },

    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async restore(key, bytes) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
  };
}
