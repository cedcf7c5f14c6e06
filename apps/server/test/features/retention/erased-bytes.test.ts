import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/core/config.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { createAdminUser, signedInAdmin } from '../../helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../helpers/test-app.ts';
import { testDialect } from '../../helpers/test-db.ts';
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
});
