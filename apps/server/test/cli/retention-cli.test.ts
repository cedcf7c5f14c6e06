import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { standaloneFileStore, type FileStore } from '../../src/lib/file-store/index.ts';
import { daysAgo, erasedValues, leaverWithData, leaverWithValuesToErase, valuesInDatabaseFiles, whatIsKept } from '../features/retention/leavers-with-data.ts';
import { createPostgresDatabase, testDialect } from '../helpers/test-db.ts';

const cli = path.resolve(import.meta.dirname, '../../src/cli/retention.ts');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A folder the portal has started in (migrated), on this run's database, with its file store: the folder store on SQLite, the database on PostgreSQL. */
async function startedPortal(): Promise<{ folder: string; env: Record<string, string>; db: Db; files: FileStore }> {
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
  const settings = { dataDir, fileStore: database ? ('database' as const) : ('local' as const) };
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  return { folder, env, db, files: standaloneFileStore(settings, db, dialect) };
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
