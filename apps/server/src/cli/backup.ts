// `npm run backup -- FILE [--from-standby]`: a consistent copy of the portal's database and uploaded files, taken while it runs (decision 019).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../core/config.ts';
import { openDatabase } from '../db/database.ts';
import { measureStandby } from '../db/read-routing.ts';
import { BackupError, createBackup } from './backup-archive.ts';
import { startupFailureLine } from '../start-up.ts';

const usage =
  'Usage: npm run backup -- FILE [--from-standby]   (for example: npm run backup -- backups/portal-2026-09-01.tar.gz; --from-standby reads the database from DATABASE_READ_URL)';
let args: { positionals: string[]; values: { 'from-standby': boolean } };
try {
  args = parseArgs({ allowPositionals: true, options: { 'from-standby': { type: 'boolean', default: false } } });
} catch {
  console.error(usage);
  process.exit(2);
}
const { positionals, values } = args;
const [given] = positionals;
if (!given || positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
// `npm run` works in the project folder: a relative FILE is taken from the folder the command was typed in.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

/**
 * With --from-standby the dump is read from the hot standby (decision 073), which spares the
 * primary and needs no pooler's care: the settings that point the backup there, and a sentence
 * saying how far behind the primary the copy is.
 */
async function fromStandby(config: Config): Promise<{ settings: Config; note: string }> {
  if (!config.databaseReadUrl)
    throw new BackupError('--from-standby reads from DATABASE_READ_URL, which is not set: set it to the standby, or leave --from-standby out.');
  const primary = openDatabase({ databaseUrl: config.databaseUrl, pooler: config.databasePooler }).db;
  const standby = openDatabase({ databaseUrl: config.databaseReadUrl }).db;
  try {
    const state = await measureStandby(primary, standby);
    if (state.kind === 'no answer') throw new BackupError(`The standby (DATABASE_READ_URL) cannot be measured against the primary: ${state.problem}.`);
    const note =
      state.kind === 'standby'
        ? `read from the standby, ${(state.lagMs / 1000).toFixed(1)} s behind the primary`
        : 'read from DATABASE_READ_URL, which is a primary now (promoted?)';
    return { settings: { ...config, databaseUrl: config.databaseReadUrl, databasePooler: 'none' }, note };
  } finally {
    await Promise.all([primary.destroy(), standby.destroy()]);
  }
}

try {
  // The same settings as the server: a .env file in this folder supplies those not already set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const started = performance.now();
  const { settings, note } = values['from-standby'] ? await fromStandby(config) : { settings: config, note: '' };
  const manifest = await createBackup(settings, file);
  const size = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${file} (${size} MB, ${manifest.dialect === 'postgres' ? 'PostgreSQL dump' : 'SQLite database'}${manifest.uploads ? ' and uploaded files' : ''}${note ? `, ${note}` : ''}) in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : startupFailureLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}
