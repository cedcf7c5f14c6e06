import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const cli = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Runs `npm run admin -- …` as a script would (no terminal), in a fresh folder with its own data and `.env`. */
function runAdmin(args: string[], { env = {}, dotEnv }: { env?: Record<string, string>; dotEnv?: string } = {}) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
  folders.push(folder);
  if (dotEnv !== undefined) fs.writeFileSync(path.join(folder, '.env'), dotEnv);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['ADMIN_PASSWORD', 'DATABASE_URL', 'DATA_DIR'].includes(name)));
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), cli, ...args], {
    cwd: folder,
    env: { ...clean, DATA_DIR: path.join(folder, 'data'), ...env },
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  const admins = () => {
    const file = path.join(folder, 'data', 'portal.sqlite');
    if (!fs.existsSync(file)) return [];
    const db = new SQLite(file, { readonly: true });
    try {
      return db.prepare('select username, must_change_password from admin_users order by username').all();
    } finally {
      db.close();
    }
  };
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim(), admins };
}

describe('the admin command', () => {
  it('says what to pass when there is no terminal to ask for the password', () => {
    const run = runAdmin(['create', 'bursar']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^No terminal to ask for the password: set ADMIN_PASSWORD, for example ADMIN_PASSWORD='<password>' npm run admin -- create bursar/,
    );
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.admins()).toEqual([]);
  });

  it('refuses an ADMIN_PASSWORD the change-password form would refuse, in one line and without a stack trace', () => {
    const run = runAdmin(['create', 'bursar'], { env: { ADMIN_PASSWORD: 'password123' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('Invalid settings: ADMIN_PASSWORD: This password is too common. Please choose another.');
    expect(run.admins()).toEqual([]);
  });

  it("refuses a password that is the new admin's username, saying so", () => {
    const run = runAdmin(['create', 'registrar2'], { env: { ADMIN_PASSWORD: 'Registrar2' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('No admin created: The password must not be your username.');
    expect(run.admins()).toEqual([]);
  });

  it('reads ADMIN_PASSWORD from a .env file, as the server does, and creates the admin', () => {
    const run = runAdmin(['create', 'bursar'], { dotEnv: 'ADMIN_PASSWORD=Coconut-Water-88\n' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Admin 'bursar' created.");
    expect(run.admins()).toEqual([{ username: 'bursar', must_change_password: 0 }]);
  });
});
