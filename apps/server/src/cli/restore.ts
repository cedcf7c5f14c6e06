// `npm run restore -- FILE`: restores a backup into an empty data folder (and, with PostgreSQL, an empty database) (decision 019).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { BackupError, restoreBackup } from './backup-archive.ts';
import { startupFailureLine } from '../start-up.ts';

const [given] = process.argv.slice(2);
if (!given) {
  console.error('Usage: npm run restore -- FILE   (into an empty DATA_DIR; with DATABASE_URL, into an empty database)');
  process.exit(2);
}
// `npm run` works in the project folder: a relative FILE is taken from the folder the command was typed in.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const manifest = await restoreBackup(config, file);
  const into = !config.databaseUrl ? config.dataDir : manifest.uploads ? `the PostgreSQL database and ${config.dataDir}` : 'the PostgreSQL database';
  console.log(`Restored the backup taken at ${manifest.createdAt} into ${into}. Start the portal with npm start.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : startupFailureLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}
