import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createStudent } from './helpers/factories.ts';
import { spawnServer, startServer, type Exit } from './helpers/server-process.ts';
import { testDialect } from './helpers/test-db.ts';

/** What a failed start printed: exactly one line on stderr, with no stack trace. */
function failureLine(exit: Exit): string {
  expect(exit.code).toBe(1);
  const lines = exit.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(exit.stderr).not.toMatch(/^\s+at /m);
  return lines[0];
}

// These start the server on its SQLite file (or an unreachable PostgreSQL), whatever TEST_DB says, so the SQLite run covers them.
describe.skipIf(testDialect === 'postgres')('start-up refuses what it cannot serve, in one line with the fix (run in the SQLite pass)', () => {
  let dir: string;
  let dataDir: string;
  let sqliteFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    dataDir = path.join(dir, 'data');
    sqliteFile = path.join(dataDir, 'portal.sqlite');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const start = (settings: Record<string, string> = {}) => spawnServer({ DATA_DIR: dataDir, ...settings }, dir).exited;

  it('refuses a zero-length database file, naming it and the restore, and leaves it as it was', async () => {
    fs.mkdirSync(dataDir);
    fs.writeFileSync(sqliteFile, '');
    const line = failureLine(await start({ SEED_DEMO: '1' }));
    expect(line).toContain(sqliteFile);
    expect(line).toContain('is empty');
    expect(line).toContain('npm run restore');
    expect(fs.statSync(sqliteFile).size).toBe(0);
  });

  it('refuses a file that is not an SQLite database', async () => {
    fs.mkdirSync(dataDir);
    fs.writeFileSync(sqliteFile, 'name,date of birth\nKezia,2014-03-09\n');
    const line = failureLine(await start());
    expect(line).toContain(`${sqliteFile} is not an SQLite database`);
    expect(line).toContain('Restore it from a backup');
  });

  it('refuses a damaged database (its pages overwritten)', async () => {
    fs.mkdirSync(dataDir);
    const sqlite = new SQLite(sqliteFile);
    sqlite.exec('CREATE TABLE notes (text TEXT)');
    const insert = sqlite.prepare('INSERT INTO notes VALUES (?)');
    sqlite.transaction(() => {
      for (let n = 0; n < 2000; n += 1) insert.run(`note ${n} ${'x'.repeat(200)}`);
    })();
    sqlite.close();
    const handle = fs.openSync(sqliteFile, 'r+');
    fs.writeSync(handle, Buffer.alloc(3 * 4096, 0xab), 0, 3 * 4096, 2 * 4096);
    fs.closeSync(handle);
    const line = failureLine(await start());
    expect(line).toContain(`${sqliteFile} is damaged`);
    expect(line).toContain('Restore it from a backup');
  });

  it('refuses a data folder whose uploads survive without their database', async () => {
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'a1b2c3.pdf'), '%PDF-1.4');
    const line = failureLine(await start({ SEED_DEMO: '1' }));
    expect(line).toContain('has uploaded files but no database');
    expect(fs.existsSync(sqliteFile)).toBe(false);
  });

  it('creates the demo school in a new data folder only, never in a database that was there', async () => {
    const { db } = openDatabase({ sqliteFile });
    await migrateToLatest(db);
    await createStudent(db, { id: '20260001' });
    await db.destroy();
    const existing = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1', ADMIN_PASSWORD: 'Savannah-Morning-7' }, dir);
    existing.child.kill('SIGTERM');
    expect((await existing.exited).stdout).not.toContain('Demo school created');
    const sqlite = new SQLite(sqliteFile);
    expect(sqlite.prepare('SELECT COUNT(*) AS n FROM students').get()).toEqual({ n: 1 });
    sqlite.close();

    const newFolder = await startServer({ DATA_DIR: path.join(dir, 'new'), SEED_DEMO: '1' }, dir);
    newFolder.child.kill('SIGTERM');
    expect((await newFolder.exited).stdout).toContain('Demo school created with 600 students');
  });

  it('names every bad setting in one line', async () => {
    const line = failureLine(await start({ PORT: 'eighty', SCHOOL_TIMEZONE: 'Mars/Olympus' }));
    expect(line).toMatch(/^Invalid settings: .*PORT.*SCHOOL_TIMEZONE/);
    expect(line).toContain('.env.example');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('says in one line what is wrong with the school’s sign-in settings, and names the sign-in and the break-glass admin when they are right', async () => {
    const provider = {
      PORTAL_URL: 'https://portal.example.org',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 's',
    };
    expect(failureLine(await start({ ...provider, OIDC_REQUIRED: 'staff' }))).toMatch(
      /^Invalid settings: OIDC_BREAK_GLASS: OIDC_REQUIRED=staff needs the username/,
    );
    const running = await startServer({ DATA_DIR: dataDir, ...provider, OIDC_REQUIRED: 'staff', OIDC_BREAK_GLASS: 'keeper' }, dir);
    running.child.kill('SIGTERM');
    const { stdout } = await running.exited;
    expect(stdout).toContain('Sign-in with Google (OIDC_ISSUER): open to staff.');
    expect(stdout).toContain('Staff passwords are refused (OIDC_REQUIRED=staff), but for the break-glass admin keeper (OIDC_BREAK_GLASS).');
  });

  it('refuses a weak ADMIN_PASSWORD as the password it is, in one sentence with one full stop', async () => {
    const line = failureLine(await start({ ADMIN_PASSWORD: 'Short1' }));
    expect(line).toBe(
      'The password in ADMIN_PASSWORD is refused: The password must have at least 8 characters. Correct this setting in the environment or .env (see .env.example).',
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('in the human log form writes no line per request, and ends with the sign-in notes between rules; a restart reminds how to replace a lost admin password', async () => {
    const first = await startServer({ DATA_DIR: dataDir, LOG_FORMAT: 'human' }, dir);
    first.child.kill('SIGTERM');
    expect((await first.exited).stdout).toMatch(/one-time password \S{12} /);

    const again = await startServer({ DATA_DIR: dataDir, LOG_FORMAT: 'human', LOG_LEVEL: 'info' }, dir);
    for (let n = 0; n < 3; n += 1) await fetch(`${again.url}/api/houses`);
    // What it wrote before the stop, read once it has ended: a line about a request could come
    // after the answer, but never after the stop's own first line.
    again.child.kill('SIGTERM');
    const [output, stop] = (await again.exited).stdout.split(/^(?=SIGTERM: stopping)/m);
    expect(stop).toMatch(/^SIGTERM: stopping/);
    const lines = output.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output).not.toMatch(/incoming request|request completed|\/api\/houses/);
    // The notes come last, framed by two rules.
    const rules = lines.flatMap((line, at) => (/^=+$/.test(line) ? [at] : []));
    expect(rules).toHaveLength(2);
    expect(rules[1]).toBe(lines.length - 1);
    const notes = lines.slice(rules[0] + 1, rules[1]);
    expect(notes[0]).toMatch(/portal is running at http/);
    expect(notes).toContain('A lost admin password is replaced with: npm run admin -- reset admin');

    const json = await startServer({ DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'info' }, dir);
    await fetch(`${json.url}/api/houses`);
    json.child.kill('SIGTERM');
    const jsonOutput = (await json.exited).stdout;
    expect(jsonOutput).toMatch(/^\{.*"msg":"incoming request"/m);
  });

  it('refuses several processes on the SQLite file, before it creates anything', async () => {
    const line = failureLine(await start({ WORKERS: '2' }));
    expect(line).toBe('WORKERS=2 needs PostgreSQL: set DATABASE_URL to a postgres:// URL, or set WORKERS=1 to run one process on the built-in SQLite file.');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('names the PostgreSQL host of an unreachable DATABASE_URL, never its password', async () => {
    const line = failureLine(await start({ DATABASE_URL: 'postgres://portal:Secret-Word-99@127.0.0.1:1/school' }));
    expect(line).toContain("database 'school' on 127.0.0.1:1 as 'portal'");
    expect(line).toContain('DATABASE_URL');
    expect(line).not.toContain('Secret-Word-99');
  });

  it('says which migration failed and what to do', async () => {
    fs.mkdirSync(dataDir);
    const sqlite = new SQLite(sqliteFile);
    sqlite.exec('CREATE TABLE students (id TEXT)');
    sqlite.close();
    const line = failureLine(await start());
    expect(line).toMatch(/^The database could not be brought up to date \(Migration 001-initial-schema failed: .*students.*already exists/);
    expect(line).toContain('Restore a backup');
  });

  it('prints the details of a failure when DEBUG is set', async () => {
    fs.mkdirSync(dataDir);
    fs.writeFileSync(sqliteFile, '');
    const exit = await start({ DEBUG: '1' });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(/^\s+at /m);
  });

  describe('when the port is busy', () => {
    let busy: net.Server;
    let port: number;
    beforeEach(async () => {
      busy = net.createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
      port = (busy.address() as net.AddressInfo).port;
    });
    afterEach(() => new Promise<void>((resolve) => busy.close(() => resolve())));

    it('says so in one line naming the port and PORT, before it creates anything (no data folder, no admin)', async () => {
      const line = failureLine(await start({ PORT: String(port), SEED_DEMO: '1' }));
      expect(line).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(line).toContain('set PORT');
      expect(fs.existsSync(dataDir)).toBe(false);
    });

    it('prints the first admin’s one-time password on the start that creates it, once the port is free', async () => {
      failureLine(await start({ PORT: String(port) }));
      await new Promise<void>((resolve) => busy.close(() => resolve()));
      busy = net.createServer();
      const server = await startServer({ DATA_DIR: dataDir, PORT: String(port) }, dir);
      server.child.kill('SIGTERM');
      expect((await server.exited).stdout).toMatch(/Admin sign-in: .* as 'admin' with the one-time password \S{12} /);
    });
  });
});
