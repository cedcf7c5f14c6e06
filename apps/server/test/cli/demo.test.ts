import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient, runCli, startServer, type RunningServer } from '../helpers/server-process.ts';
import { createPostgresDatabase, testDialect } from '../helpers/test-db.ts';

let dir: string;
let settings: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
const servers: RunningServer[] = [];
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-'));
  settings = { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info' };
  if (testDialect === 'postgres') {
    const database = await createPostgresDatabase();
    settings.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await dropDatabase?.();
  dropDatabase = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the portal on the demo's data and waits for its sign-in notes. */
async function start(): Promise<RunningServer> {
  const server = await startServer(settings, dir);
  servers.push(server);
  return server;
}

/** Everything a stopped server wrote. */
async function stop(server: RunningServer) {
  servers.splice(servers.indexOf(server), 1);
  server.child.kill('SIGTERM');
  return server.exited;
}

describe('npm run demo, then the first npm start', () => {
  it("prints a demo student's sign-in and the demo parent's e-mail and password beside the admin's, once, and they sign in", async () => {
    const demo = await runCli('demo', ['--students', '60'], settings, dir);
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(0);
    expect(demo.stdout).toContain('Demo school created: 60 students');
    expect(demo.stdout).toContain('Start the portal (npm start): it prints how to sign in as the admin, as a demo student and as a demo parent.');

    const first = await start();
    const student = /Demo school \(npm run demo\): Try student ID (\S+) \(.+\) with her date of birth (\d{8}) as the first password\./.exec(first.stdout());
    const parent = /Try parent (\S+@\S+) \(.+, mother of .+\) at \/parents with the password (\S+); every demo parent's account has that password\./.exec(
      first.stdout(),
    );
    expect(first.stdout()).toMatch(/Admin sign-in: .* one-time password \S{12} /);
    expect(student, first.stdout()).not.toBeNull();
    expect(parent, first.stdout()).not.toBeNull();
    const [, studentId, dateOfBirth] = student!;
    const [, email, password] = parent!;

    const visitor = new HttpClient(first.url);
    await visitor.get('/sanctum/csrf-cookie');
    const studentSignIn = await visitor.post('/api/login-student', { student_id: studentId, password: dateOfBirth });
    expect(studentSignIn.status, studentSignIn.body).toBe(200);
    expect(studentSignIn.json()).toMatchObject({ password_reset: 1 });
    const guardian = new HttpClient(first.url);
    await guardian.get('/sanctum/csrf-cookie');
    const guardianSignIn = await guardian.post('/api/guardian-login', { email, password });
    expect(guardianSignIn.status, guardianSignIn.body).toBe(200);

    // The password is printed once, in the notes, and written nowhere else: not by the demo, not in the log.
    const exit = await stop(first);
    expect(exit.stdout.split(password)).toHaveLength(2);
    expect(exit.stderr).not.toContain(password);
    expect(demo.stdout + demo.stderr).not.toContain(password);

    // The next start names no demo student or parent again.
    const again = await stop(await start());
    expect(again.stdout).not.toContain('Demo school');
    expect(again.stdout).not.toContain('Try parent');
  });
});
