import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/core/config.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { createAdminUser, signedInAdmin } from '../../helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
import { waitUntil } from '../../helpers/wait.ts';
import { daysAgo, erasedValues, leaverWithValuesToErase, valuesInDatabaseFiles } from './leavers-with-data.ts';

let t: TestApp;
afterEach(() => t.close());

/**
 * The real application on a database whose files can be read: an SQLite file in a data folder of
 * its own (the other tests' SQLite database lives in memory), or this run's PostgreSQL database.
 */
async function appOnFiles(): Promise<{ where: { sqliteFile: string } | { postgres: true } }> {
  if (testDialect === 'postgres') {
    t = await buildTestApp();
    return { where: { postgres: true } };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-erased-'));
  const sqliteFile = path.join(dataDir, 'portal.sqlite');
  const { db, dialect } = openDatabase({ sqliteFile });
  await migrateToLatest(db);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, dialect, logger: false });
  await app.ready();
  t = {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { where: { sqliteFile } };
}

/** Whether a connection of the portal is asking whether the sessions older than an erasure have ended. */
async function waitsForOlderTransactions(): Promise<boolean> {
  const { rows } = await sql<{ waiting: number | string }>`
    SELECT count(*) AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%FROM pg_stat_activity%backend_xmin%'`.execute(t.db);
  return Number(rows[0]!.waiting) > 0;
}

describe(`erased data in the database's files (${testDialect})`, () => {
  it('leaves no erased medical history or data files value in any byte of the database files after POST /api/retention/erase', async () => {
    const { where } = await appOnFiles();
    await createAdminUser(t.db);
    const admin = await signedInAdmin(t.app);
    await leaverWithValuesToErase(t.db, t.app.deps.files, daysAgo(1, 2));
    const values = Object.values(erasedValues);
    // Before: the values are there to be found, so finding none after means they are gone.
    const before = await valuesInDatabaseFiles(t.db, where, values);
    expect(before.some((finding) => finding.startsWith(erasedValues.history))).toBe(true);
    expect(before.some((finding) => finding.startsWith(erasedValues.dataFile))).toBe(true);

    const erased = await admin.post('/api/retention/erase', { dry_run: false });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ students: 1, health_fields: 4, documents: 4 });

    expect(await valuesInDatabaseFiles(t.db, where, values)).toEqual([]);
    if ('sqliteFile' in where) expect(fs.statSync(`${where.sqliteFile}-wal`).size).toBeLessThan(64 * 1024);
    // The portal goes on serving and saving after it.
    expect((await admin.get('/api/retention')).statusCode).toBe(200);
  }, 60_000);

  it.runIf(testDialect === 'postgres')(
    'takes the values out of the pages too when a reader (a backup, a long report) held an older state of the database as they were erased',
    async () => {
      const { where } = await appOnFiles();
      await createAdminUser(t.db);
      const admin = await signedInAdmin(t.app);
      await leaverWithValuesToErase(t.db, t.app.deps.files, daysAgo(1, 2));
      // A reader of the state before the erasure, as a backup's is: the rewrite must keep the rows it may read until it ends.
      let endReading!: () => void;
      const readingEnds = new Promise<void>((resolve) => (endReading = resolve));
      let startedReading!: () => void;
      const readingStarted = new Promise<void>((resolve) => (startedReading = resolve));
      const reader = t.db.connection().execute(async (connection) => {
        await sql`BEGIN ISOLATION LEVEL REPEATABLE READ`.execute(connection);
        await sql`SELECT count(*) FROM audit_log`.execute(connection);
        startedReading();
        await readingEnds;
        await sql`COMMIT`.execute(connection);
      });
      await readingStarted;
      try {
        let answered = false;
        const erasing = admin.post('/api/retention/erase', { dry_run: false }).finally(() => (answered = true));
        // The reader ends once the erasure waits for it, or has answered without waiting.
        await waitUntil('the erasure to wait for the reader', async () => answered || (await waitsForOlderTransactions()));
        endReading();
        expect((await erasing).statusCode).toBe(200);
      } finally {
        endReading();
        await reader;
      }
      expect(await valuesInDatabaseFiles(t.db, where, Object.values(erasedValues))).toEqual([]);
    },
    60_000,
  );
});
