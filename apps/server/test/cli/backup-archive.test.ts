import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { ADMIN_PASSWORD, createAdminUser, createStudent } from '../helpers/factories.ts';
import { createServerData, type ServerData } from '../helpers/server-data.ts';
import { HttpClient, runCli, startServer } from '../helpers/server-process.ts';
import { createPostgresDatabase, testDialect } from '../helpers/test-db.ts';

type SavedRecord = { record: { updatedAt: string; allergy: string | null } };

const PDF = (n: number) =>
  Buffer.from(
    `%PDF-1.4\n% document ${n}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

function uploadBody(studentId: string, n: number) {
  const boundary = '----backup-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${studentId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nbirth_certificate\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF(n),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every table's rows, each as JSON, sorted: two databases hold the same data when these are equal. */
async function tablesOf(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)}`.execute(db);
    tables[table.name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

/** Every stored file under a data folder's uploads (unfinished uploads aside), by path, with a hash of its bytes. */
function filesOf(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !full.includes(`${path.sep}.incoming`))
      files[path.relative(root, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return files;
}

describe(`backup and restore (${testDialect})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An empty place to restore into: a new data folder and, on PostgreSQL, a new database. */
  async function emptyTarget(live: ServerData, name: string): Promise<{ settings: Record<string, string>; dataDir: string; open(): Promise<Db> }> {
    const dataDir = path.join(live.dir, name);
    if (testDialect !== 'postgres')
      return { settings: { DATA_DIR: dataDir }, dataDir, open: async () => openDatabase({ sqliteFile: path.join(dataDir, 'portal.sqlite') }).db };
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    return { settings: { DATA_DIR: dataDir, DATABASE_URL: database.url }, dataDir, open: async () => openDatabase({ databaseUrl: database.url }).db };
  }

  /** A portal's data (removed after the test) holding one student. */
  async function portalWithStudent(id: string): Promise<ServerData> {
    const live = await createServerData();
    cleanups.push(() => live.remove());
    const seed = await live.open();
    await createStudent(seed, { id });
    await seed.destroy();
    return live;
  }

  it('backs up while students autosave, restores into an empty place, and the copy holds every table and file', async () => {
    const live = await createServerData();
    cleanups.push(() => live.remove());
    const seed = await live.open();
    await createAdminUser(seed);
    const students = await Promise.all(Array.from({ length: 6 }, (_, index) => createStudent(seed, { id: `2026${String(500 + index)}` })));
    await seed.destroy();

    const server = await startServer(live.settings, live.dir);
    const client = new HttpClient(server.url, 6);
    await client.signInAsAdmin('registrar', ADMIN_PASSWORD);
    for (const [index, student] of students.slice(0, 3).entries()) {
      const { body, headers } = uploadBody(student.id, index);
      expect((await client.request('POST', '/api/store-file', body, headers)).status).toBe(200);
    }

    // Every version of each record that a save was answered with.
    const answeredVersions = new Map<string, Set<string>>();
    let saving = true;
    let answered = 0;
    const saveInALoop = async (id: string) => {
      let { updatedAt, allergy } = (await client.get(`/api/student/${id}`)).json<SavedRecord>().record;
      answeredVersions.set(id, new Set([`${allergy}|${updatedAt}`]));
      for (let n = 1; saving; n += 1) {
        const answer = await client.post('/api/student', { id, updatedAt, allergy: `save ${n}` });
        expect(answer.status).toBe(200);
        ({ updatedAt, allergy } = answer.json<SavedRecord>().record);
        answeredVersions.get(id)!.add(`${allergy}|${updatedAt}`);
        answered += 1;
      }
    };
    const backupDuringSaves = path.join(live.dir, 'during-saves.tar.gz');
    const takeBackupDuringSaves = async () => {
      while (answered < 30) await new Promise((resolve) => setTimeout(resolve, 20));
      const exit = await runCli('backup', [backupDuringSaves], live.settings, live.dir);
      const answeredBefore = answered;
      while (answered < answeredBefore + 30) await new Promise((resolve) => setTimeout(resolve, 20));
      saving = false;
      return exit;
    };
    const [backupExit] = await Promise.all([takeBackupDuringSaves(), ...students.map((student) => saveInALoop(student.id))]);
    expect(backupExit.stderr).toBe('');
    expect(backupExit.stdout).toContain(`Backup written to ${backupDuringSaves}`);
    expect(backupExit.code).toBe(0);

    const backupAtRest = path.join(live.dir, 'at-rest.tar.gz');
    expect((await runCli('backup', [backupAtRest], live.settings, live.dir)).code).toBe(0);
    client.close();
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const liveDb = await live.open();
    const liveTables = await tablesOf(liveDb);
    await liveDb.destroy();
    expect(liveTables.uploaded_files).toHaveLength(3);

    // Taken at rest: the restored copy equals the portal in every table and file.
    const atRest = await emptyTarget(live, 'restored-at-rest');
    const restoreExit = await runCli('restore', [backupAtRest], atRest.settings, live.dir);
    expect(restoreExit.stdout).toContain('Restored the backup taken at');
    expect(restoreExit.code).toBe(0);
    const atRestDb = await atRest.open();
    expect(await tablesOf(atRestDb)).toEqual(liveTables);
    await atRestDb.destroy();
    expect(filesOf(atRest.dataDir)).toEqual(filesOf(live.dataDir));

    // Taken during saves: one moment of the portal, every record at a version some save was answered with.
    const during = await emptyTarget(live, 'restored-during-saves');
    expect((await runCli('restore', [backupDuringSaves], during.settings, live.dir)).code).toBe(0);
    const duringDb = await during.open();
    const restored = await tablesOf(duringDb);
    const records = await duringDb.selectFrom('students').select(['id', 'allergy', 'updated_at']).execute();
    await duringDb.destroy();
    expect(Object.keys(restored).sort()).toEqual(Object.keys(liveTables).sort());
    for (const record of records) expect([...answeredVersions.get(record.id)!]).toContain(`${record.allergy}|${record.updated_at}`);
    expect(records.some((record) => record.allergy !== null)).toBe(true);
    for (const table of ['uploaded_files', 'admin_users', 'student_accounts', 'reference_lists', 'stored_files'].filter((name) => name in liveTables)) {
      expect(restored[table]).toEqual(liveTables[table]);
    }
    // The audit log is the live one up to the moment of the backup.
    for (const row of restored.audit_log) expect(liveTables.audit_log).toContain(row);
    expect(filesOf(during.dataDir)).toEqual(filesOf(live.dataDir));
  }, 180_000);

  it('restores into the data folder a started portal left (only its empty uploads/.incoming), and a PostgreSQL backup whose files are in the database without any folder', async () => {
    const live = await portalWithStudent('20260611');
    const storedFile = path.join('ab', `${'0'.repeat(32)}.pdf`);
    if (testDialect === 'sqlite') {
      fs.mkdirSync(path.join(live.dataDir, 'uploads', 'ab'), { recursive: true });
      fs.writeFileSync(path.join(live.dataDir, 'uploads', storedFile), PDF(1));
    }
    const backup = path.join(live.dir, 'portal.tar.gz');
    expect((await runCli('backup', [backup], live.settings, live.dir)).code).toBe(0);

    const started = await emptyTarget(live, 'started');
    fs.mkdirSync(path.join(started.dataDir, 'uploads', '.incoming', 'host-4242'), { recursive: true });
    const intoStarted = await runCli('restore', [backup], started.settings, live.dir);
    expect(intoStarted.stderr).toBe('');
    expect(intoStarted.code).toBe(0);
    const restored = await started.open();
    expect(await restored.selectFrom('students').select('id').execute()).toEqual([{ id: '20260611' }]);
    await restored.destroy();
    if (testDialect === 'sqlite') expect(fs.readFileSync(path.join(started.dataDir, 'uploads', storedFile))).toEqual(PDF(1));

    if (testDialect === 'postgres') {
      const folderless = await emptyTarget(live, 'never-made');
      const intoDatabase = await runCli('restore', [backup], folderless.settings, live.dir);
      expect(intoDatabase.code).toBe(0);
      expect(intoDatabase.stdout).toMatch(/into the PostgreSQL database\. Start the portal/);
      expect(fs.existsSync(folderless.dataDir)).toBe(false);
    }
  }, 120_000);

  it('removes what a failed restore made: the data folder it created, the database file and files it placed; the database stays empty', async () => {
    const live = await createServerData();
    cleanups.push(() => live.remove());
    // A damaged backup: its manifest is whole, its database is not.
    const packed = path.join(live.dir, 'packed');
    fs.mkdirSync(path.join(packed, 'uploads', 'ab'), { recursive: true });
    const database = testDialect === 'postgres' ? 'portal.dump' : 'portal.sqlite';
    fs.writeFileSync(path.join(packed, database), 'not a database at all');
    fs.writeFileSync(path.join(packed, 'uploads', 'ab', `${'1'.repeat(32)}.pdf`), PDF(2));
    const manifest = { format: 1, createdAt: new Date().toISOString(), dialect: testDialect, database, uploads: true };
    fs.writeFileSync(path.join(packed, 'portal-backup.json'), JSON.stringify(manifest));
    const backup = path.join(live.dir, 'damaged.tar.gz');
    expect(spawnSync('tar', ['-czf', backup, '-C', packed, 'portal-backup.json', database, 'uploads']).status).toBe(0);

    const fresh = await emptyTarget(live, 'fresh');
    const intoFresh = await runCli('restore', [backup], fresh.settings, live.dir);
    expect(intoFresh.code).toBe(1);
    expect(intoFresh.stderr.trim()).toMatch(testDialect === 'postgres' ? /^pg_restore failed: / : /^The database in .* failed its check/);
    expect(fs.existsSync(fresh.dataDir)).toBe(false);

    const started = await emptyTarget(live, 'started');
    fs.mkdirSync(path.join(started.dataDir, 'uploads', '.incoming'), { recursive: true });
    expect((await runCli('restore', [backup], started.settings, live.dir)).code).toBe(1);
    expect(fs.readdirSync(started.dataDir, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory())).toEqual([]);
    if (testDialect === 'postgres') {
      const db = await started.open();
      expect(await db.introspection.getTables()).toEqual([]);
      await db.destroy();
    }
  }, 120_000);

  it('holds the uploads folder only when the file store is that folder, and restores files kept in the database without an empty folder', async () => {
    const live = await portalWithStudent('20260621');
    const seed = await live.open();
    const key = `cd/${'2'.repeat(32)}.pdf`;
    await seed
      .insertInto('stored_files')
      .values({ key, bytes: PDF(3), size_bytes: PDF(3).length, created_at: new Date().toISOString() })
      .execute();
    await seed.destroy();
    // An earlier folder-store portal's uploads, still in DATA_DIR: no part of this portal, whose files are in the database.
    const earlier = path.join('ab', `${'3'.repeat(32)}.pdf`);
    fs.mkdirSync(path.join(live.dataDir, 'uploads', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(live.dataDir, 'uploads', earlier), PDF(4));
    const inDatabase = { ...live.settings, FILE_STORE: 'database' };
    const backup = path.join(live.dir, 'files-in-database.tar.gz');
    const made = await runCli('backup', [backup], inDatabase, live.dir);
    expect(made.stderr).toBe('');
    expect(made.stdout).not.toContain('uploaded files');
    const listed = spawnSync('tar', ['-tzf', backup], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    expect(listed.filter((entry) => entry.startsWith('uploads/') && entry !== 'uploads/')).toEqual([]);
    const manifest = JSON.parse(spawnSync('tar', ['-xOzf', backup, 'portal-backup.json'], { encoding: 'utf8' }).stdout);
    expect(manifest).toMatchObject({ uploads: false, fileStore: 'database' });

    // Restored where DATA_DIR holds someone's files (PostgreSQL: the folder is not needed and left alone) or into a new folder (SQLite).
    const target = await emptyTarget(live, 'restored');
    if (testDialect === 'postgres') {
      fs.mkdirSync(path.join(target.dataDir, 'uploads', 'ab'), { recursive: true });
      fs.writeFileSync(path.join(target.dataDir, 'uploads', earlier), PDF(5));
    }
    const asFolderStore = await runCli('restore', [backup], { ...target.settings, FILE_STORE: 'local' }, live.dir);
    expect(asFolderStore.code).toBe(1);
    expect(asFolderStore.stderr.trim()).toMatch(
      /keeps its files in the database, and this one keeps them in the data folder: set FILE_STORE=database, then restore it\.$/,
    );
    const restore = await runCli('restore', [backup], { ...target.settings, FILE_STORE: 'database' }, live.dir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const restored = await target.open();
    const files = await restored.selectFrom('stored_files').select(['key', 'bytes']).execute();
    await restored.destroy();
    expect(files.map((file) => [file.key, Buffer.from(file.bytes).toString()])).toEqual([[key, PDF(3).toString()]]);
    if (testDialect === 'postgres') expect(fs.readFileSync(path.join(target.dataDir, 'uploads', earlier))).toEqual(PDF(5));
    else expect(filesOf(target.dataDir)).toEqual({});

    // The folder store's folder is held, with either database.
    const folderBackup = path.join(live.dir, 'files-in-folder.tar.gz');
    expect((await runCli('backup', [folderBackup], { ...live.settings, FILE_STORE: 'local' }, live.dir)).code).toBe(0);
    expect(spawnSync('tar', ['-tzf', folderBackup], { encoding: 'utf8' }).stdout).toContain(`uploads/${earlier}`);
  }, 120_000);

  it('refuses to restore over a data folder or database that is not empty, and changes nothing there', async () => {
    const live = await portalWithStudent('20260601');
    const backup = path.join(live.dir, 'portal.tar.gz');
    expect((await runCli('backup', [backup], live.settings, live.dir)).code).toBe(0);

    // With SQLite the folder holds the database; with PostgreSQL the database itself is not empty.
    const overLive = await runCli('restore', [backup], live.settings, live.dir);
    expect(overLive.code).toBe(1);
    expect(overLive.stderr.trim()).toMatch(
      testDialect === 'postgres' ? /^The PostgreSQL database '.*' on .* is not empty/ : /^The data folder .* is not empty/,
    );
    const db = await live.open();
    expect(await db.selectFrom('students').select('id').execute()).toEqual([{ id: '20260601' }]);
    await db.destroy();

    const existing = path.join(live.dir, 'busy-folder');
    fs.mkdirSync(existing);
    fs.writeFileSync(path.join(existing, 'notes.txt'), 'keep me');
    const target = await emptyTarget(live, 'busy-folder');
    const overFolder = await runCli('restore', [backup], target.settings, live.dir);
    expect(overFolder.code).toBe(testDialect === 'postgres' ? 0 : 1);
    if (testDialect !== 'postgres') expect(overFolder.stderr).toContain(`The data folder ${existing} is not empty`);
    expect(fs.readFileSync(path.join(existing, 'notes.txt'), 'utf8')).toBe('keep me');

    const missing = await runCli('restore', [path.join(live.dir, 'no-such.tar.gz')], { DATA_DIR: path.join(live.dir, 'new') }, live.dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no backup file');
  }, 120_000);

  it('never dumps or restores through a transaction pooler, and reads from the standby only when DATABASE_READ_URL names one', async () => {
    const live = await portalWithStudent('20260701');
    const pooled = { ...live.settings, DATABASE_URL: live.databaseUrl ?? 'postgres://portal@127.0.0.1:6432/portal', DATABASE_POOLER: 'transaction' };
    const backup = path.join(live.dir, 'pooled.tar.gz');
    const dumped = await runCli('backup', [backup], pooled, live.dir);
    expect(dumped.code).toBe(1);
    expect(dumped.stderr.trim()).toBe(
      "DATABASE_URL goes through a transaction pooler (DATABASE_POOLER=transaction), which would hand pg_dump's session settings on to the portal: take the backup from the standby (npm run backup -- FILE --from-standby), or set DATABASE_URL to PostgreSQL itself and DATABASE_POOLER=none for this command.",
    );
    expect(fs.existsSync(backup)).toBe(false);
    const restored = await runCli('restore', [backup], pooled, live.dir);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain("which would hand pg_restore's session settings on to the portal: set DATABASE_URL to PostgreSQL itself");

    const noStandby = await runCli('backup', [backup, '--from-standby'], { ...live.settings, DATABASE_URL: pooled.DATABASE_URL }, live.dir);
    expect(noStandby.code).toBe(1);
    expect(noStandby.stderr.trim()).toBe('--from-standby reads from DATABASE_READ_URL, which is not set: set it to the standby, or leave --from-standby out.');
    expect((await runCli('backup', [backup, '--from-primary'], live.settings, live.dir)).code).toBe(2);
  });
});
