import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createPostgresDatabase, testDialect } from './test-db.ts';

/**
 * A data folder (and, on the PostgreSQL run, a database of its own) for a spawned server: the
 * settings that point the server at it, and `seed` to fill it through a connection of the test's own.
 */
export type ServerData = {
  dir: string;
  dataDir: string;
  settings: Record<string, string>;
  databaseUrl: string | undefined;
  /** Opens the same database as the server, migrated; close it with `db.destroy()`. */
  open(): Promise<Db>;
  remove(): Promise<void>;
};

export async function createServerData(dialect = testDialect): Promise<ServerData> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-server-'));
  const dataDir = path.join(dir, 'data');
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const settings: Record<string, string> = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  return {
    dir,
    dataDir,
    settings,
    databaseUrl: database?.url,
    async open() {
      const { db } = openDatabase({ databaseUrl: database?.url, sqliteFile: path.join(dataDir, 'portal.sqlite') });
      await migrateToLatest(db);
      return db;
    },
    async remove() {
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
