import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/core/config.ts';
import { createWriteTransactions } from '../../src/db/write-transactions.ts';
import { checkStoredFiles, createFileStore, FileMissing, isFileKey, SETTLE_MS, type FileOwner, type FileStore } from '../../src/lib/file-store/index.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

/** A feature's rows that name stored files, for these tests: student_data_files rows, whose data is the key. */
const testOwner: FileOwner = {
  async keys(db) {
    return (await db.selectFrom('student_data_files').select(['student_id', 'data']).execute()).map((row) => ({
      key: row.data,
      describe: `student ${row.student_id}, test`,
    }));
  },
};

describe.each(['local', 'database'] as const)('the %s file store', (kind) => {
  let test: TestDb;
  let dataDir: string;
  let store: FileStore;
  let sequence = 0;

  beforeAll(async () => {
    test = await createTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-store-'));
    store = createFileStore({ dataDir, fileStore: kind }, test.db, createWriteTransactions(test.db, test.dialect));
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A student to hang rows on (the rows of these tests are student_data_files rows naming a key). */
  const student = async () => {
    sequence += 1;
    const id = `${kind === 'local' ? 7 : 8}${String(sequence).padStart(7, '0')}`;
    await test.db.insertInto('students').values({ id, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }).execute();
    return id;
  };
  const rowKey = async (studentId: string) =>
    (await test.db.selectFrom('student_data_files').select('data').where('student_id', '=', studentId).executeTakeFirst())?.data;
  const tempFile = (content: string) => {
    const file = path.join(dataDir, `upload-${Math.random()}`);
    fs.writeFileSync(file, content);
    return file;
  };
  const keys = async () => (await store.list()).map((file) => file.key).sort();

  it('stores bytes under a fresh key together with the row that names it, and reads them back', async () => {
    const id = await student();
    const source = tempFile('first version');
    const key = await store.put({ path: source }, { extension: '.pdf' }, async (trx, newKey) => {
      await trx.insertInto('student_data_files').values({ student_id: id, data: newKey, updated_at: 'now' }).execute();
      return newKey;
    });
    expect(isFileKey(key)).toBe(true);
    expect(key).toMatch(/\.pdf$/);
    expect(await rowKey(id)).toBe(key);
    expect((await store.read(key)).toString()).toBe('first version');
    const opened = await store.open(key);
    expect(opened.size).toBe('first version'.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('first version');
    expect(fs.existsSync(source)).toBe(false);
    expect(await keys()).toContain(key);
  });

  it('stores nothing when the rows fail', async () => {
    const before = await keys();
    await expect(
      store.put({ bytes: Buffer.from('never kept') }, {}, async (trx) => {
        await trx.insertInto('student_data_files').values({ student_id: 'no-such-student', data: 'x', updated_at: 'now' }).execute();
      }),
    ).rejects.toThrow();
    expect(await keys()).toEqual(before);
  });

  it('replaces and removes bytes only with the rows that stop naming them', async () => {
    const id = await student();
    const first = await store.put({ bytes: Buffer.from('one') }, {}, async (trx, key) => {
      await trx.insertInto('student_data_files').values({ student_id: id, data: key, updated_at: 'now' }).execute();
      return key;
    });
    const second = await store.put({ bytes: Buffer.from('two') }, {}, async (trx, key, change) => {
      await change.release(first);
      await trx.updateTable('student_data_files').set({ data: key }).where('student_id', '=', id).execute();
      return key;
    });
    expect(await keys()).not.toContain(first);
    await expect(store.read(first)).rejects.toBeInstanceOf(FileMissing);

    // A removal whose rows fail keeps the bytes.
    await expect(
      store.change(async (_trx, change) => {
        await change.release(second);
        throw new Error('the row could not be removed');
      }),
    ).rejects.toThrow('the row could not be removed');
    expect((await store.read(second)).toString()).toBe('two');

    await store.change(async (trx, change) => {
      await trx.deleteFrom('student_data_files').where('student_id', '=', id).execute();
      await change.release(second);
    });
    expect(await keys()).not.toContain(second);
  });

  it('keeps each of many files stored at once with its own row, and none of the one whose row failed', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => student()));
    const before = await keys();
    const results = await Promise.allSettled(
      ids.map((id, index) =>
        store.put({ bytes: Buffer.from(`file ${index}`) }, {}, async (trx, key) => {
          await trx
            .insertInto('student_data_files')
            .values({ student_id: index === 7 ? 'no-such-student' : id, data: key, updated_at: 'now' })
            .execute();
          return key;
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect((await keys()).filter((key) => !before.includes(key)).sort()).toEqual([...stored].sort());
    for (const [index, id] of ids.entries()) if (index !== 7) expect((await store.read((await rowKey(id))!)).toString()).toBe(`file ${index}`);
  });

  it('answers a missing or malformed key with 404, never a path outside the store', async () => {
    await expect(store.open('ab/00000000000000000000000000000000.pdf')).rejects.toMatchObject({
      statusCode: 404,
      message: 'The file is missing from the store. Please upload it again.',
    });
    await expect(store.read('../portal.sqlite')).rejects.toBeInstanceOf(FileMissing);
    await expect(store.open('/etc/passwd')).rejects.toBeInstanceOf(FileMissing);
  });

  describe('the start-up check', () => {
    const lines: string[] = [];
    const log = { warn: (line: string) => lines.push(`warn ${line}`), info: (line: string) => lines.push(`info ${line}`) };
    afterEach(() => {
      lines.length = 0;
    });

    it('removes stored bytes no row names once they are a few minutes old, and keeps newer ones', async () => {
      const id = await student();
      const named = await store.put({ bytes: Buffer.from('named') }, {}, async (trx, key) => {
        await trx.insertInto('student_data_files').values({ student_id: id, data: key, updated_at: 'now' }).execute();
        return key;
      });
      const orphan = await store.put({ bytes: Buffer.from('a stop came between bytes and row') }, {}, async (_trx, key) => key);

      // Just stored: another process may still be writing its row, so nothing stored goes yet.
      const early = await checkStoredFiles({ db: test.db, store, owners: [testOwner], log });
      expect(early.removedOrphans).toBe(0);
      expect(await keys()).toContain(orphan);

      const later = await checkStoredFiles({ db: test.db, store, owners: [testOwner], log, now: Date.now() + SETTLE_MS + 60_000 });
      expect(later.removedOrphans).toBeGreaterThanOrEqual(1);
      expect(await keys()).not.toContain(orphan);
      expect((await store.read(named)).toString()).toBe('named');
    });

    it('reports each row whose bytes are gone in one log line, with who and what but no data', async () => {
      const id = await student();
      const key = await store.put({ bytes: Buffer.from('soon lost') }, {}, async (trx, newKey) => {
        await trx.insertInto('student_data_files').values({ student_id: id, data: newKey, updated_at: 'now' }).execute();
        return newKey;
      });
      await store.remove(key);
      const report = await checkStoredFiles({ db: test.db, store, owners: [testOwner], log });
      expect(report.missing).toContain(`student ${id}, test`);
      const line = lines.find((entry) => entry.includes(id));
      expect(line).toBe(`warn Stored file missing (student ${id}, test): its download answers 404 until it is uploaded again.`);
      expect(lines.join('\n')).not.toContain('soon lost');
    });
  });
});

describe('starting the app', () => {
  it('creates a missing uploads folder and clears unfinished uploads left by a stop', async () => {
    const test = await createTestDb();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    try {
      const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), fileStore: 'local' as const };
      const first = await buildApp({ config, db: test.db, dialect: test.dialect, logger: false });
      await first.ready();
      expect(fs.existsSync(path.join(dataDir, 'uploads', '.incoming'))).toBe(true);
      await first.close();

      fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true });
      const second = await buildApp({ config, db: test.db, dialect: test.dialect, logger: false });
      await second.ready();
      expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(true);
      const stale = path.join(dataDir, 'uploads', '.incoming', 'left-by-a-crash');
      fs.writeFileSync(stale, 'partial');
      const old = new Date(Date.now() - SETTLE_MS - 60_000);
      fs.utimesSync(stale, old, old);
      await second.close();

      const third = await buildApp({ config, db: test.db, dialect: test.dialect, logger: false });
      await third.ready();
      expect(fs.existsSync(stale)).toBe(false);
      await third.close();
    } finally {
      await test.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('changing FILE_STORE', () => {
  it('copies the files rows name from the store they were in into the new one', async () => {
    const test = await createTestDb();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-switch-'));
    try {
      const writeTransaction = createWriteTransactions(test.db, test.dialect);
      const folder = createFileStore({ dataDir, fileStore: 'local' }, test.db, writeTransaction);
      const database = createFileStore({ dataDir, fileStore: 'database' }, test.db, writeTransaction);
      await test.db.insertInto('students').values({ id: '90000001', created_at: 'then', updated_at: 'then' }).execute();
      const key = await folder.put({ bytes: Buffer.from('kept in the folder') }, {}, async (trx, newKey) => {
        await trx.insertInto('student_data_files').values({ student_id: '90000001', data: newKey, updated_at: 'now' }).execute();
        return newKey;
      });
      const log = { warn: () => undefined, info: () => undefined };
      const report = await checkStoredFiles({ db: test.db, store: database, otherStore: folder, owners: [testOwner], log });
      expect(report).toMatchObject({ broughtOver: 1, missing: [] });
      expect((await database.read(key)).toString()).toBe('kept in the folder');
      expect((await folder.read(key)).toString()).toBe('kept in the folder');
    } finally {
      await test.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('FILE_STORE', () => {
  it('keeps files in the folder with SQLite and in the database with PostgreSQL, unless it says otherwise', () => {
    expect(loadConfig({}).fileStore).toBe('local');
    expect(loadConfig({ DATABASE_URL: 'postgres://portal@db/portal' }).fileStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://portal@db/portal', FILE_STORE: 'local' }).fileStore).toBe('local');
    expect(loadConfig({ FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE: must be local or database/);
  });
});
