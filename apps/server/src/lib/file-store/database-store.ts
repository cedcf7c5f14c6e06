import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { nowIso, type Db } from '../../db/database.ts';
import type { WriteTransactions } from '../../db/write-transactions.ts';
import { assertFileKey, FileMissing, newFileKey, type FileStore } from './file-store.ts';

/**
 * Files in the database itself (the stored_files table; the default with PostgreSQL, so several
 * server processes share them). The bytes are inserted and deleted in the same transaction as
 * the rows that name them, so the two can never disagree.
 */
export function databaseFileStore(db: Db, writeTransaction: WriteTransactions): FileStore {
  async function read(key: string): Promise<Buffer> {
    assertFileKey(key);
    const row = await db.selectFrom('stored_files').select('bytes').where('key', '=', key).executeTakeFirst();
    if (!row) throw new FileMissing();
    return Buffer.from(row.bytes);
  }

  return {
    kind: 'database',

    async put(source, { extension }, write) {
      // Read before the transaction: a write transaction only touches the database (decision 009).
      const bytes = 'bytes' in source ? source.bytes : await fs.readFile(source.path);
      const key = newFileKey(extension);
      const result = await writeTransaction(async (trx) => {
        await trx.insertInto('stored_files').values({ key, bytes, size_bytes: bytes.length, created_at: nowIso() }).execute();
        return write(trx, key, {
          release: async (old) => {
            await trx.deleteFrom('stored_files').where('key', '=', old).execute();
          },
        });
      });
      if ('path' in source) await fs.rm(source.path, { force: true });
      return result;
    },

    async putMany(files, { extension, between }, write) {
      const keys: string[] = [];
      try {
        for (const file of files) {
          const bytes = await file();
          const key = newFileKey(extension);
          // Each file in a short transaction of its own, so that other writes go between them.
          await writeTransaction((trx) => trx.insertInto('stored_files').values({ key, bytes, size_bytes: bytes.length, created_at: nowIso() }).execute());
          keys.push(key);
          await between?.();
        }
        return await writeTransaction((trx) =>
          write(trx, keys, {
            release: async (old) => {
              await trx.deleteFrom('stored_files').where('key', '=', old).execute();
            },
          }),
        );
      } catch (error) {
        if (keys.length > 0)
          await db
            .deleteFrom('stored_files')
            .where('key', 'in', keys)
            .execute()
            .catch(() => undefined);
        throw error;
      }
    },

    change: (write) =>
      writeTransaction((trx) =>
        write(trx, {
          release: async (old) => {
            await trx.deleteFrom('stored_files').where('key', '=', old).execute();
          },
        }),
      ),

    async open(key) {
      const bytes = await read(key);
      return { stream: Readable.from([bytes]), size: bytes.length };
    },

    read,

    async list() {
      const rows = await db.selectFrom('stored_files').select(['key', 'created_at']).execute();
      return rows.map((row) => ({ key: row.key, storedAt: new Date(row.created_at) }));
    },

    async remove(key) {
      await db.deleteFrom('stored_files').where('key', '=', key).execute();
    },

    async restore(key, bytes) {
      assertFileKey(key);
      await db
        .insertInto('stored_files')
        .values({ key, bytes, size_bytes: bytes.length, created_at: nowIso() })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    },
  };
}
