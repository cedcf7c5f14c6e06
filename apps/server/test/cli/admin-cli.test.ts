import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { verifyPassword } from '../../src/features/auth/passwords.ts';
import { createPostgresDatabase, testDialect } from '../helpers/test-db.ts';

const cli = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A folder whose data folder holds the database a first start makes (migrated, as `npm start` leaves it). */
async function startedFolder(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, 'data'));
  const { db } = openDatabase({ sqliteFile: path.join(folder, 'data', 'portal.sqlite') });
  await migrateToLatest(db);
  await db.destroy();
  return folder;
}

/**
 * Runs `npm run admin -- …` as a script would (no terminal), in a folder with its own data and
 * `.env`: by default one the portal has started in, else a new one.
 */
async function runAdmin(
  args: string[],
  { env = {}, dotEnv, started = true, inFolder }: { env?: Record<string, string>; dotEnv?: string; started?: boolean; inFolder?: string } = {},
) {
  const folder = inFolder ?? (started ? await startedFolder() : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-')));
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
  return { folder, status: result.status, stdout: result.stdout, stderr: result.stderr.trim(), admins };
}

/**
 * A small program that runs the admin command in a pseudo-terminal, as an operator at a terminal
 * would: once the prompt shows, it types each key of `keys` one by one (a short pause between,
 * as fingers do), then reads everything the terminal shows until the command ends. It prints
 * what the terminal showed and the command's exit status as JSON.
 */
const typist = `
import json, os, pty, select, sys, time
keys, argv = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
shown = b''
def read_for(seconds):
    global shown
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return False
            if not chunk:
                return False
            shown += chunk
    return True
deadline = time.time() + 60
while b'Password for' not in shown and time.time() < deadline:
    if not read_for(0.2):
        break
for key in keys:
    os.write(fd, key.encode())
    read_for(0.03)
while read_for(0.5) and time.time() < deadline + 60:
    pass
_, status = os.waitpid(pid, 0)
print(json.dumps({'shown': shown.decode('utf8', 'replace'), 'status': os.waitstatus_to_exitcode(status)}))
`;

/** Runs `npm run admin -- create <username>` in a pseudo-terminal (no ADMIN_PASSWORD), typing `keys` at the prompt. */
async function typeAtPrompt(username: string, keys: string[]) {
  const folder = await startedFolder();
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['ADMIN_PASSWORD', 'DATABASE_URL', 'DATA_DIR'].includes(name)));
  const argv = [process.execPath, '--import', import.meta.resolve('tsx'), cli, 'create', username];
  const result = spawnSync('python3', ['-c', typist, JSON.stringify(keys), JSON.stringify(argv)], {
    cwd: folder,
    env: { ...clean, DATA_DIR: path.join(folder, 'data') },
    encoding: 'utf8',
    timeout: 150_000,
  });
  expect(result.stderr).toBe('');
  const { shown, status } = JSON.parse(result.stdout) as { shown: string; status: number };
  const db = new SQLite(path.join(folder, 'data', 'portal.sqlite'), { readonly: true });
  try {
    const admins = db.prepare('select username, password_hash from admin_users').all() as { username: string; password_hash: string }[];
    return { shown, status, admins };
  } finally {
    db.close();
  }
}

describe('the admin command at a terminal', () => {
  it('shows nothing of the password as it is typed, takes back a character on backspace, and creates the admin', async () => {
    // "Coconut-Water-88" typed with a slip ("Coconut-Wz" then backspace) and an arrow key pressed on the way.
    const keys = [...'Coconut-Wz', '\u007f', ...'ater', '\u001b[D', ...'-88', '\r'];
    const run = await typeAtPrompt('bursar', keys);
    expect(run.shown).toContain('Password for bursar: ');
    expect(run.shown).toContain("Admin 'bursar' created.");
    for (const piece of ['Coconut', 'Water', '-88', 'Wz', 'ater']) expect(run.shown).not.toContain(piece);
    expect(run.status).toBe(0);
    expect(run.admins.map(({ username }) => username)).toEqual(['bursar']);
    expect(await verifyPassword(run.admins[0]!.password_hash, 'Coconut-Water-88')).toBe(true);
  }, 180_000);

  it('creates nothing when Ctrl-C is pressed at the prompt, and shows nothing typed before it', async () => {
    const run = await typeAtPrompt('bursar', [...'Secret-Sauce', '\u0003']);
    expect(run.shown).toContain('No admin created: cancelled.');
    expect(run.shown).not.toContain('Secret');
    expect(run.status).toBe(130);
    expect(run.admins).toEqual([]);
  }, 180_000);
});

describe('the admin command', () => {
  it('says what to pass when there is no terminal to ask for the password', async () => {
    const run = await runAdmin(['create', 'bursar']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^No terminal to ask for the password: set ADMIN_PASSWORD, for example ADMIN_PASSWORD='<password>' npm run admin -- create bursar/,
    );
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.admins()).toEqual([]);
  });

  it('refuses an ADMIN_PASSWORD the change-password form would refuse, in one line and without a stack trace', async () => {
    const run = await runAdmin(['create', 'bursar'], { env: { ADMIN_PASSWORD: 'password123' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('The password in ADMIN_PASSWORD is refused: This password is too common. Please choose another.');
    expect(run.admins()).toEqual([]);
  });

  it('says a short ADMIN_PASSWORD is too short, with one full stop', async () => {
    const run = await runAdmin(['create', 'bursar'], { env: { ADMIN_PASSWORD: 'Short1' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('The password in ADMIN_PASSWORD is refused: The password must have at least 8 characters.');
  });

  it('refuses a data folder the portal has not started in, naming the fix, and makes no database there', async () => {
    const run = await runAdmin(['create', 'bursar'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' }, started: false });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^The portal has not been started in the data folder .+ yet\. Run npm start once first .+, then run this command again\.$/);
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(fs.existsSync(path.join(run.folder, 'data'))).toBe(false);
  });

  it.runIf(testDialect === 'postgres')('refuses a PostgreSQL database the portal has not started in, and creates no table there', async () => {
    const database = await createPostgresDatabase();
    try {
      const run = await runAdmin(['create', 'bursar'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88', DATABASE_URL: database.url }, started: false });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^The portal has not been started in the database of DATABASE_URL yet\. Run npm start once first/);
      const { db } = openDatabase({ databaseUrl: database.url });
      expect(await db.introspection.getTables()).toEqual([]);
      await db.destroy();
    } finally {
      await database.drop();
    }
  });

  it("refuses a password that is the new admin's username, saying so", async () => {
    const run = await runAdmin(['create', 'registrar2'], { env: { ADMIN_PASSWORD: 'Registrar2' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('No admin created: The password must not be your username.');
    expect(run.admins()).toEqual([]);
  });

  it('reads ADMIN_PASSWORD from a .env file, as the server does, and creates the admin', async () => {
    const run = await runAdmin(['create', 'bursar'], { dotEnv: 'ADMIN_PASSWORD=Coconut-Water-88\n' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Admin 'bursar' created.");
    expect(run.admins()).toEqual([{ username: 'bursar', must_change_password: 0 }]);
  });

  it('creates a teacher of the classes given, and refuses a role outside the three or a class the school has not', async () => {
    const run = await runAdmin(['create', 'ms-joseph', '--role', 'teacher', '--classes', '1A,1B'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain("Staff member 'ms-joseph' created as teacher of 1A, 1B.");
    const db = new SQLite(path.join(run.folder, 'data', 'portal.sqlite'), { readonly: true });
    try {
      expect(db.prepare('select role, classes, must_change_password from admin_users').all()).toEqual([
        { role: 'teacher', classes: '1A,1B', must_change_password: 0 },
      ]);
    } finally {
      db.close();
    }
    const badRole = await runAdmin(['create', 'mr-ali', '--role', 'principal'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    expect(badRole.status).toBe(2);
    expect(badRole.stderr).toMatch(
      /^Usage: npm run admin -- create <username> \[--role admin\|office\|teacher\] \[--classes 1A,1B\] \[--email name@school.org\]/,
    );
    const badClass = await runAdmin(['create', 'mr-ali', '--role', 'teacher', '--classes', '9Z'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    expect(badClass.status).toBe(1);
    expect(badClass.stderr).toBe('No admin created: There is no class 9Z.');
    expect(badClass.admins()).toEqual([]);
  });

  it('keeps the e-mail address given for her security notices, and refuses one that is no address', async () => {
    const run = await runAdmin(['create', 'ms-lee', '--role', 'office', '--email', 'lee@school.test'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    expect(run.stderr).toBe('');
    const db = new SQLite(path.join(run.folder, 'data', 'portal.sqlite'), { readonly: true });
    try {
      expect(db.prepare('select username, email from admin_users').all()).toEqual([{ username: 'ms-lee', email: 'lee@school.test' }]);
    } finally {
      db.close();
    }
    const bad = await runAdmin(['create', 'mr-ali', '--email', 'ali at school'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('No admin created: Invalid e-mail: ali at school');
    expect(bad.admins()).toEqual([]);
  });

  it('resets a password, and with --second-factor also removes her app, recovery codes and passkeys (the last admin who lost her phone)', async () => {
    const created = await runAdmin(['create', 'head'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    const file = path.join(created.folder, 'data', 'portal.sqlite');
    const factors = () => {
      const db = new SQLite(file, { readonly: true });
      try {
        return {
          app: db.prepare('select totp_secret from admin_users').get(),
          codes: db.prepare('select count(*) as n from staff_recovery_codes').get(),
          keys: db.prepare('select count(*) as n from staff_passkeys').get(),
        };
      } finally {
        db.close();
      }
    };
    const db = new SQLite(file);
    try {
      const { id } = db.prepare("update admin_users set totp_secret = 'JBSWY3DPEHPK3PXP' where username = 'head' returning id").get() as { id: number };
      db.prepare("insert into staff_recovery_codes (admin_id, code_hash, used_at) values (?, 'hash', null)").run(id);
      db.prepare(
        "insert into staff_passkeys (admin_id, credential_id, public_key, counter, transports, name, created_at) values (?, 'key', 'AAAA', 0, 'usb', 'Key ring', '2026-11-26T00:00:00.000Z')",
      ).run(id);
    } finally {
      db.close();
    }
    const kept = { app: { totp_secret: 'JBSWY3DPEHPK3PXP' }, codes: { n: 1 }, keys: { n: 1 } };

    const plain = await runAdmin(['reset', 'head'], { inFolder: created.folder });
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toMatch(/^New one-time password for 'head': [A-Za-z2-9]{12}\nIt must be changed at the next sign-in.\n$/);
    expect(factors()).toEqual(kept);

    const cleared = await runAdmin(['reset', 'head', '--second-factor'], { inFolder: created.folder });
    expect(cleared.stderr).toBe('');
    expect(cleared.stdout).toContain('Her second factors are removed: she sets up a new one after signing in.');
    expect(factors()).toEqual({ app: { totp_secret: null }, codes: { n: 0 }, keys: { n: 0 } });
    expect(cleared.admins()).toEqual([{ username: 'head', must_change_password: 1 }]);
  });

  it('names no admin when there is no such staff member: any staff member is reset by this command', async () => {
    const created = await runAdmin(['create', 'ms-lee', '--role', 'office'], { env: { ADMIN_PASSWORD: 'Coconut-Water-88' } });
    expect((await runAdmin(['reset', 'ms-lee'], { inFolder: created.folder })).stdout).toMatch(/^New one-time password for 'ms-lee': /);
    const nobody = await runAdmin(['reset', 'nobody'], { inFolder: created.folder });
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toBe("No password reset: There is no staff member named 'nobody'.");
    expect(nobody.stdout).toBe('');
  });
});
