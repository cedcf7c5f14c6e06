// `npm run backup -- FILE`: a consistent copy of the portal's database and uploaded files, taken while it runs (decision 019).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { BackupError, createBackup } from './backup-archive.ts';
import { startupFailureLine } from '../start-up.ts';

const [given] = process.argv.slice(2);
if (!given) {
  console.error('Usage: npm run backup -- FILE   (for example: npm run backup -- backups/portal-2026-09-01.tar.gz)');
  process.exit(2);
}
// `npm run` works in the project folder: a relative FILE is taken from the folder the command was typed in.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
try {
  // The same settings as the server: a .env file in this folder supplies those not already set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const started = performance.now();
  const manifest = await createBackup(config, file);
  const size = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${file} (${size} MB, ${manifest.dialect === 'postgres' ? 'PostgreSQL dump' : 'SQLite database'}${manifest.uploads ? ' and uploaded files' : ''}) in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : startupFailureLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}
