import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../core/config.ts';
import { uploadsDir } from '../lib/file-store/index.ts';
import { describeDatabaseUrl } from '../start-up.ts';

/**
 * Backup and restore (decision 019). A backup is one .tar.gz file holding `portal-backup.json`
 * (what it is), the database (`portal.sqlite`, a consistent online copy made with SQLite's backup
 * API, or `portal.dump`, made by pg_dump) and the uploads folder when the file store is that folder
 * (`fileStore`; a backup made before it was recorded has none).
 */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: string;
  uploads: boolean;
  fileStore?: Config['fileStore'];
};

const MANIFEST = 'portal-backup.json';
const SQLITE_FILE = 'portal.sqlite';
const PG_DUMP = 'portal.dump';

/** A backup or restore that cannot be done, in one line with what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Settings = Pick<Config, 'dataDir' | 'databaseUrl' | 'fileStore'> & Partial<Pick<Config, 'databasePooler'>>;

/**
 * pg_dump and pg_restore set their session's search path and time limits, which a transaction
 * pooler would hand on to the portal's next transactions (decision 068): they reach PostgreSQL itself.
 */
function refuseThroughPooler(settings: Settings, program: 'pg_dump' | 'pg_restore'): void {
  if (!settings.databaseUrl || settings.databasePooler !== 'transaction') return;
  throw new BackupError(
    `DATABASE_URL goes through a transaction pooler (DATABASE_POOLER=transaction), which would hand ${program}'s session settings on to the portal: ${program === 'pg_dump' ? 'take the backup from the standby (npm run backup -- FILE --from-standby), or ' : ''}set DATABASE_URL to PostgreSQL itself and DATABASE_POOLER=none for this command.`,
  );
}

/** Runs a command to its end and answers what it printed; throws a BackupError naming it with its own message when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (result.error && (result.error as { code?: string }).code === 'ENOENT') {
    throw new BackupError(
      `${command} is not installed: install it (it comes with ${command.startsWith('pg_') ? 'the PostgreSQL client tools' : 'the system'}), then try again.`,
    );
  }
  if (result.status !== 0) throw new BackupError(`${command} failed: ${(result.stderr || result.stdout || String(result.error)).trim().split('\n')[0]}`);
  return result.stdout;
}

/** The URL without its password, and the environment that gives the password to pg_dump / pg_restore (never on their command line). */
function postgresTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/**
 * Puts every file of `from` (but the unfinished uploads in `.incoming`) into `to`, skipping those
 * already there. Stored files never change once written, so a hard link is as good as a copy and
 * stays valid when the portal removes the original; a copy where links are not possible.
 */
function collectUploads(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === '.incoming') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      collectUploads(source, target);
    } else if (entry.isFile() && !fs.existsSync(target)) {
      try {
        fs.linkSync(source, target);
      } catch {
        try {
          fs.copyFileSync(source, target);
        } catch (error) {
          // Removed by the portal meanwhile: its row went with it, or the second pass finds it.
          if ((error as { code?: string }).code !== 'ENOENT') throw error;
        }
      }
    }
  }
}

/** A working folder beside `file` (so the final rename stays on one disk), removed afterwards. */
function withWorkFolder<T>(file: string, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = fs.mkdtempSync(path.join(path.dirname(file), `.${path.basename(file)}-`));
  return work(folder).finally(() => fs.rmSync(folder, { recursive: true, force: true }));
}

/** `npm run backup -- FILE`: a consistent copy of the running portal's database and uploads in one .tar.gz file. */
export async function createBackup(settings: Settings, file: string): Promise<BackupManifest> {
  refuseThroughPooler(settings, 'pg_dump');
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: name a new file for the backup.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Only the folder store's folder: when the files live in the database (the dump holds them), the
  // folder may hold an earlier portal's uploads, which are no part of this one.
  const uploadsFolder = settings.fileStore === 'local' ? uploadsDir(settings) : null;
  return withWorkFolder(target, async (work) => {
    const uploads = path.join(work, 'uploads');
    fs.mkdirSync(uploads);
    // Files first, then the database, then the files added meanwhile: every file the copied rows name is in the backup.
    if (uploadsFolder) collectUploads(uploadsFolder, uploads);
    let database: string;
    if (settings.databaseUrl) {
      const { url, env } = postgresTarget(settings.databaseUrl);
      run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(work, PG_DUMP)}`, `--dbname=${url}`], env);
      database = PG_DUMP;
    } else {
      const source = path.join(settings.dataDir, SQLITE_FILE);
      if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}: check DATA_DIR.`);
      const sqlite = new SQLite(source, { fileMustExist: true });
      try {
        sqlite.pragma('busy_timeout = 5000');
        // All pages in one step: a write by the running portal between steps would start the copy again.
        await sqlite.backup(path.join(work, SQLITE_FILE), { progress: () => 1_000_000 });
      } finally {
        sqlite.close();
      }
      const copy = new SQLite(path.join(work, SQLITE_FILE));
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      copy.close();
      if (check !== 'ok') throw new BackupError(`The copy of ${source} failed its check (${String(check)}): the database may be damaged.`);
      database = SQLITE_FILE;
    }
    if (uploadsFolder) collectUploads(uploadsFolder, uploads);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      dialect: settings.databaseUrl ? 'postgres' : 'sqlite',
      database,
      uploads: fs.readdirSync(uploads).length > 0,
      fileStore: settings.fileStore,
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.partial`;
    run('tar', ['-czf', partial, '-C', work, MANIFEST, database, 'uploads']);
    fs.renameSync(partial, target);
    return manifest;
  });
}

/**
 * Whether a folder holds data: any file at any depth. Empty folders do not count, so a data folder
 * in which the portal only made its empty `uploads/.incoming` is as good as a new one.
 */
function holdsData(folder: string): boolean {
  if (!fs.existsSync(folder)) return false;
  return fs.readdirSync(folder, { withFileTypes: true }).some((entry) => !entry.isDirectory() || holdsData(path.join(folder, entry.name)));
}

/** The tables of the PostgreSQL database's public schema (none in an empty database). */
async function postgresTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const result = await client.query<{ count: string }>("SELECT COUNT(*) AS count FROM information_schema.tables WHERE table_schema = 'public'");
    return Number(result.rows[0].count);
  } catch (error) {
    throw new BackupError(`Cannot reach PostgreSQL (DATABASE_URL): ${describeDatabaseUrl(databaseUrl)}: ${(error as Error).message}.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The backup's manifest, read without unpacking the rest; a BackupError when the file is not a backup of this portal. */
function readManifest(source: string): BackupManifest {
  let text: string;
  try {
    text = run('tar', ['-xOzf', source, MANIFEST]);
  } catch (error) {
    if (error instanceof BackupError && error.message.includes('not installed')) throw error;
    throw new BackupError(`${source} is not a backup of this portal (it has no ${MANIFEST}).`);
  }
  try {
    return JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError(`${source} is not a backup of this portal (its ${MANIFEST} cannot be read).`);
  }
}

/** SQLite's quick_check of a database file: 'ok', or what is wrong (a file that is no database at all included). */
function quickCheck(file: string): string {
  try {
    const sqlite = new SQLite(file, { fileMustExist: true, readonly: true });
    try {
      return String(sqlite.pragma('quick_check', { simple: true }));
    } finally {
      sqlite.close();
    }
  } catch (error) {
    return (error as Error).message;
  }
}

const notEmptyFolder = (folder: string) =>
  new BackupError(
    `The data folder ${folder} is not empty: a backup is restored only into an empty one. Set DATA_DIR to a new folder, or move this one away first.`,
  );

/**
 * `npm run restore -- FILE`: unpacks a backup into an empty data folder (SQLite) or an empty
 * PostgreSQL database. Never over existing data: a folder holding files or a database holding
 * tables is refused (empty folders, such as the `uploads/.incoming` a started portal makes, do not
 * count). A PostgreSQL backup whose files are in the database needs no local folder at all; one
 * whose files were in the folder needs an empty uploads folder. A restore that fails removes what
 * it made (decision 040), leaving the folder and the database as they were.
 */
export async function restoreBackup(settings: Settings, file: string): Promise<BackupManifest> {
  refuseThroughPooler(settings, 'pg_restore');
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup file ${source}.`);
  const manifest = readManifest(source);
  const wanted = settings.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== wanted) {
    throw new BackupError(
      `${source} is a backup of ${manifest.dialect === 'postgres' ? 'a PostgreSQL' : 'an SQLite'} portal, and this one uses ${wanted === 'postgres' ? 'PostgreSQL (DATABASE_URL is set)' : 'SQLite (DATABASE_URL is not set)'}: restore it with the same kind of database.`,
    );
  }
  if (manifest.fileStore && manifest.fileStore !== settings.fileStore) {
    throw new BackupError(
      `${source} is a backup of a portal that keeps its files ${manifest.fileStore === 'local' ? 'in the data folder' : 'in the database'}, and this one keeps them ${settings.fileStore === 'local' ? 'in the data folder' : 'in the database'}: set FILE_STORE=${manifest.fileStore}, then restore it.`,
    );
  }
  const uploadsFolder = uploadsDir(settings);
  const needsFolder = !settings.databaseUrl || manifest.uploads;
  const mustBeEmpty = settings.databaseUrl ? uploadsFolder : settings.dataDir;
  if (needsFolder && holdsData(mustBeEmpty)) throw notEmptyFolder(mustBeEmpty);
  if (settings.databaseUrl && (await postgresTableCount(settings.databaseUrl)) > 0) {
    throw new BackupError(
      `The PostgreSQL ${describeDatabaseUrl(settings.databaseUrl)} is not empty: a backup is restored only into an empty database. Create a new one (createdb) and point DATABASE_URL at it.`,
    );
  }

  const made: string[] = [];
  try {
    if (needsFolder && !fs.existsSync(settings.dataDir)) {
      fs.mkdirSync(settings.dataDir, { recursive: true });
      made.push(settings.dataDir);
    }
    // Unpacked beside its destination, so that moving it into place is a rename; with nothing to place, anywhere.
    const workBeside = needsFolder ? path.join(settings.dataDir, 'restore') : path.join(os.tmpdir(), 'portal-restore');
    await withWorkFolder(workBeside, async (work) => {
      run('tar', ['-xzf', source, '-C', work]);
      if (!settings.databaseUrl) {
        const restored = path.join(work, SQLITE_FILE);
        const check = quickCheck(restored);
        if (check !== 'ok') throw new BackupError(`The database in ${source} failed its check (${check}): use another backup.`);
        fs.renameSync(restored, path.join(settings.dataDir, SQLITE_FILE));
        made.push(path.join(settings.dataDir, SQLITE_FILE));
      }
      const uploads = path.join(work, 'uploads');
      if (manifest.uploads && holdsData(uploads)) {
        // Only empty folders can be there (checked above): they make way for the backup's.
        fs.rmSync(uploadsFolder, { recursive: true, force: true });
        fs.renameSync(uploads, uploadsFolder);
        made.push(uploadsFolder);
      }
      // Last, as one transaction: once it has committed nothing else can fail.
      if (settings.databaseUrl) {
        const { url, env } = postgresTarget(settings.databaseUrl);
        run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, path.join(work, PG_DUMP)], env);
      }
    });
    return manifest;
  } catch (error) {
    for (const item of made.reverse()) fs.rmSync(item, { recursive: true, force: true });
    throw error;
  }
}
