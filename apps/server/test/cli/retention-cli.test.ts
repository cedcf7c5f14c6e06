import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DialectName } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { standaloneFileStore, type FileStore } from '../../src/lib/file-store/index.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/core/config.ts';
import { createWriteTransactions } from '../../src/db/write-transactions.ts';
import { eraseDueData } from '../../src/features/retention/index.ts';
import { daysAgo, erasedValues, leaverWithData, leaverWithValuesToErase, valuesInDatabaseFiles, whatIsKept } from '../features/retention/leavers-with-data.ts';
import { createPostgresDatabase, testDialect } from '../helpers/test-db.ts';

const cli = path.resolve(import.meta.dirname, '../../src/cli/retention.ts');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A folder the portal has started in (migrated), on this run's database, with its file store: the
 * folder store on SQLite, the database on PostgreSQL, unless `fileStore` says.
 */
async function startedPortal({ fileStore }: { fileStore?: 'local' | 'database' } = {}): Promise<{
  folder: string;
  dataDir: string;
  env: Record<string, string>;
  db: Db;
  dialect: DialectName;
  files: FileStore;
}> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-retention-'));
  const dataDir = path.join(folder, 'data');
  fs.mkdirSync(dataDir);
  const database = testDialect === 'postgres' ? await createPostgresDatabase() : null;
  const { db, dialect } = openDatabase(database ? { databaseUrl: database.url } : { sqliteFile: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(db);
  cleanups.push(async () => {
    await db.destroy();
    await database?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  const settings = { dataDir, fileStore: fileStore ?? (database ? ('database' as const) : ('local' as const)) };
  const env: Record<string, string> = { DATA_DIR: dataDir, FILE_STORE: settings.fileStore, ...(database ? { DATABASE_URL: database.url } : {}) };
  return { folder, dataDir, env, db, dialect, files: standaloneFileStore(settings, db, dialect) };
}

/** Runs `npm run retention -- …` as a scheduled job would (no terminal). */
function runRetention(portal: { folder: string; env: Record<string, string> }, args: string[]) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'DATA_DIR', 'FILE_STORE', 'RETENTION_YEARS'].includes(name)),
  );
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), cli, ...args], {
    cwd: portal.folder,
    env: { ...clean, LOG_LEVEL: 'silent', ...portal.env },
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('the retention command', { timeout: 120_000 }, () => {
  it('counts on --dry-run and changes nothing, erases on --apply with counts printed and audited as the command', async () => {
    const portal = await startedPortal();
    const due = await leaverWithData(portal.db, portal.files, daysAgo(3, 2));
    const later = await leaverWithData(portal.db, portal.files, daysAgo(-40, 2));
    const before = await whatIsKept(portal.db, due.id);

    const dry = runRetention(portal, ['--dry-run']);
    expect(dry).toEqual({
      status: 0,
      stdout: `Erasing would remove the health data and documents of 1 student who left (4 health fields, 4 in past years' records, 4 documents).\n1 more is due later, the first on ${daysAgo(-40)}.`,
      stderr: '',
    });
    expect(await whatIsKept(portal.db, due.id)).toEqual(before);

    const applied = runRetention(portal, ['--apply']);
    expect(applied.status).toBe(0);
    expect(applied.stdout.split('\n')[0]).toBe(
      "Erased the health data and documents of 1 student who left (4 health fields, 4 in past years' records, 4 documents).",
    );
    const after = await whatIsKept(portal.db, due.id);
    expect(after.documents).toEqual([]);
    expect(after.student).toMatchObject({ asthma: 0, allergy: null, first_name: due.first_name });
    expect((await whatIsKept(portal.db, later.id)).documents).toHaveLength(4);
    expect((await portal.files.list()).map((file) => file.key).sort()).toEqual(
      (await whatIsKept(portal.db, later.id)).documents.map((document) => document.stored_name).sort(),
    );
    const audit = await portal.db.selectFrom('audit_log').select(['actor_kind', 'actor_id', 'action']).where('action', '=', 'retention.erased').execute();
    expect(audit).toEqual([{ actor_kind: 'system', actor_id: 'npm run retention', action: 'retention.erased' }]);

    expect(runRetention(portal, ['--apply']).stdout.split('\n')[0]).toBe('Nothing is due to be erased.');
  });

  it('leaves no erased value in any byte of the database files (SQLite file and WAL, or PostgreSQL pages)', async () => {
    const portal = await startedPortal();
    await leaverWithValuesToErase(portal.db, portal.files, daysAgo(3, 2));
    const where = testDialect === 'postgres' ? { postgres: true as const } : { sqliteFile: path.join(portal.env.DATA_DIR, 'portal.sqlite') };
    const values = Object.values(erasedValues);
    expect((await valuesInDatabaseFiles(portal.db, where, values)).some((finding) => finding.startsWith(erasedValues.history))).toBe(true);

    const applied = runRetention(portal, ['--apply']);
    expect(applied.stderr).toBe('');
    expect(applied.stdout.split('\n')[0]).toMatch(/^Erased the health data and documents of 1 student who left/);
    expect(await valuesInDatabaseFiles(portal.db, where, values)).toEqual([]);
  });

  it('removes the files of an erasure ended after its commit at once: at the next start, and by the command run again', async () => {
    // The folder store, whose bytes are removed just after the commit (on PostgreSQL the orphan sweep would wait 10 minutes).
    const portal = await startedPortal({ fileStore: 'local' });
    const writeTransaction = createWriteTransactions(portal.db, portal.dialect);
    const config = loadConfig({ ...portal.env, LOG_LEVEL: 'silent' });
    // The erasure's transaction commits, and its process ends before the store removes the bytes (as kill -9 there would).
    const endedAfterCommit: FileStore = {
      ...portal.files,
      change: async (write) => {
        await portal.files.change((trx) => write(trx, { release: async () => undefined }));
        throw new Error('The process ended after the commit.');
      },
    };
    const eraseEndedAfterCommit = async () => {
      const due = await leaverWithData(portal.db, portal.files, daysAgo(3, 2));
      const keys = (await whatIsKept(portal.db, due.id)).documents.map((document) => document.stored_name);
      const deps = { db: portal.db, heavyReads: () => portal.db, dialect: portal.dialect, writeTransaction, config, files: endedAfterCommit };
      await expect(eraseDueData(deps, 'command', { dry_run: false })).rejects.toThrow('The process ended after the commit.');
      // Committed: her documents' rows are gone and her leaving is erased; their files are still on disk.
      expect((await whatIsKept(portal.db, due.id)).documents).toEqual([]);
      return keys;
    };
    const onDisk = (keys: string[]) => keys.filter((key) => fs.existsSync(path.join(portal.dataDir, 'uploads', key)));

    // The next start removes them at once.
    const first = await eraseEndedAfterCommit();
    expect(onDisk(first)).toHaveLength(4);
    const app = await buildApp({ config, db: portal.db, dialect: portal.dialect, logger: false });
    await app.ready();
    await app.close();
    expect(onDisk(first)).toEqual([]);
    expect(await portal.db.selectFrom('erased_files').selectAll().execute()).toEqual([]);

    // The command run again removes them too, though nothing is due any more.
    const second = await eraseEndedAfterCommit();
    expect(onDisk(second)).toHaveLength(4);
    const again = runRetention(portal, ['--apply']);
    expect(again.stderr).toBe('');
    expect(again.stdout.split('\n')[0]).toBe('Nothing is due to be erased.');
    expect(onDisk(second)).toEqual([]);
    expect(await portal.db.selectFrom('erased_files').selectAll().execute()).toEqual([]);
  });

  it('names the files of an erasure until they are gone, so a process ended after the commit leaves them to be removed', async () => {
    const portal = await startedPortal({ fileStore: 'local' });
    const due = await leaverWithData(portal.db, portal.files, daysAgo(3, 2));
    const keys = (await whatIsKept(portal.db, due.id)).documents.map((document) => document.stored_name).sort();
    const writeTransaction = createWriteTransactions(portal.db, portal.dialect);
    const config = loadConfig({ ...portal.env, LOG_LEVEL: 'silent' });
    // Seen from inside the erasure's transaction, just before its commit: its files are named as erased.
    let named: string[] = [];
    const watching: FileStore = {
      ...portal.files,
      change: (write) =>
        portal.files.change(async (trx, change) => {
          const result = await write(trx, change);
          named = (await trx.selectFrom('erased_files').select('key').orderBy('key').execute()).map((row) => row.key);
          return result;
        }),
    };
    const erased = await eraseDueData(
      { db: portal.db, heavyReads: () => portal.db, dialect: portal.dialect, writeTransaction, config, files: watching },
      'command',
      { dry_run: false },
    );
    expect(erased.documents).toBe(4);
    expect(named).toEqual(keys);
    // Once the bytes are gone, no longer named.
    expect(await portal.db.selectFrom('erased_files').selectAll().execute()).toEqual([]);
    expect(keys.filter((key) => fs.existsSync(path.join(portal.dataDir, 'uploads', key)))).toEqual([]);
  });

  it('says how to call it, exiting 2, without exactly one of --dry-run and --apply; and exits 1 on a bad setting', async () => {
    const portal = await startedPortal();
    for (const args of [[], ['--dry-run', '--apply'], ['--now']]) {
      const run = runRetention(portal, args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^Usage: npm run retention -- --dry-run/);
    }
    const bad = runRetention({ ...portal, env: { ...portal.env, RETENTION_YEARS: 'ever' } }, ['--apply']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('Invalid settings: RETENTION_YEARS: must be a whole number of years from 1 to 50.');
  });
});
