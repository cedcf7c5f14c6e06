import fs from 'node:fs';
import type { Config } from '../core/config.ts';
import { databaseOf, openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { databaseConnectionError } from '../start-up.ts';

/**
 * The portal's database for a command that changes accounts (admins, scanners), or null, with the
 * fix printed, when the portal has never started there. A command must not make the database
 * itself: the first `npm start` would then find a database that is not new and create no demo
 * school and no first admin's one-time password, without a word.
 */
export async function openStartedDatabase(config: Config): Promise<Db | null> {
  const target = databaseOf(config);
  const { sqliteFile } = target;
  if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
    console.error(notStarted(`in the data folder ${config.dataDir}`));
    return null;
  }
  const { db } = openDatabase(target);
  try {
    if (config.databaseUrl && (await db.introspection.getTables()).length === 0) {
      console.error(notStarted('in the database of DATABASE_URL'));
      await db.destroy();
      return null;
    }
    await migrateToLatest(db);
    return db;
  } catch (error) {
    await db.destroy();
    throw (config.databaseUrl && databaseConnectionError(error, config.databaseUrl)) || error;
  }
}

const notStarted = (where: string) =>
  `The portal has not been started ${where} yet. Run npm start once first (it prepares the database, the first admin and, unless SEED_DEMO=0, the demo school), then run this command again.`;
