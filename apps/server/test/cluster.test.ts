import { afterEach, describe, expect, it } from 'vitest';
import { STALE_PROGRESS_MS } from '../src/features/admin-data/import-progress-repository.ts';
import { studentLookupRate } from '../src/features/auth/routes.ts';
import { ADMIN_PASSWORD, createAdminUser, createStudent } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';
import { createServerData, type ServerData } from './helpers/server-data.ts';
import { HttpClient, startServer, stopServers, type RunningServer } from './helpers/server-process.ts';
import { testDialect } from './helpers/test-db.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A document upload as the web app sends it: the fields, then the file. */
function documentUpload(studentId: string, bytes: Buffer) {
  const boundary = '----portal-processes-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${studentId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nbirth_certificate\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="birth.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A client of another process that carries the same browser's cookies (session, CSRF token, device cookie). */
function sameBrowserOn(server: RunningServer, browser: HttpClient): HttpClient {
  const client = new HttpClient(server.url);
  for (const [name, value] of browser.cookies) client.cookies.set(name, value);
  return client;
}

/** The process ids in the server's request log lines: which processes answered. */
const answeringProcesses = (stdout: string) =>
  new Set(
    stdout
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

// Several processes need PostgreSQL (decision 028): on SQLite the portal refuses WORKERS above 1 (start-up.test.ts).
describe.skipIf(testDialect !== 'postgres')('several server processes on one database (PostgreSQL only: SQLite runs one process)', () => {
  let data: ServerData | undefined;
  const servers: RunningServer[] = [];
  const clients: HttpClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await stopServers(servers);
    await data?.remove();
    data = undefined;
  });

  const track = (client: HttpClient) => (clients.push(client), client);

  it('shares sessions, sign-in limits and uploaded files: what one process made, the other sees', async () => {
    data = await createServerData('postgres');
    const seed = await data.open();
    await createAdminUser(seed);
    const student = await createStudent(seed);
    const guessed = await createStudent(seed);
    await seed.destroy();
    const [a, b] = await Promise.all([startServer(data.settings, data.dir), startServer(data.settings, data.dir)]);
    servers.push(a, b);
    expect(a.url).not.toBe(b.url);

    // A session made on A is accepted on B, for a read and for a change (its CSRF token lives with it).
    const onA = track(new HttpClient(a.url));
    await onA.signInAsAdmin('registrar', ADMIN_PASSWORD);
    const onB = track(sameBrowserOn(b, onA));
    expect((await onB.get('/api/session')).json()).toMatchObject({ authenticated: true, admin: true, userID: 'registrar' });
    expect((await onB.get('/api/student-imports')).status).toBe(200);
    const changed = await onB.post('/api/student', {
      id: student.id,
      updatedAt: (await onB.get(`/api/student/${student.id}`)).json<{ record: { updatedAt: string } }>().record.updatedAt,
      allergy: 'saved through B',
    });
    expect(changed.status).toBe(200);
    expect((await onA.get(`/api/student/${student.id}`)).json()).toMatchObject({ record: { allergy: 'saved through B' } });
    // An import's progress is kept in the database: what one process writes, both report; a figure left behind by a process that ended mid-import goes stale.
    const db = await data.open();
    const { id } = await db.selectFrom('admin_users').select('id').where('username', '=', 'registrar').executeTakeFirstOrThrow();
    await db.insertInto('import_progress').values({ admin_id: id, done: 100, total: 250, updated_at: new Date().toISOString() }).execute();
    for (const client of [onA, onB]) expect((await client.get('/api/student-import/progress')).json()).toEqual({ running: true, done: 100, total: 250 });
    await db
      .updateTable('import_progress')
      .set({ updated_at: new Date(Date.now() - STALE_PROGRESS_MS - 1000).toISOString() })
      .execute();
    expect((await onB.get('/api/student-import/progress')).json()).toEqual({ running: false, done: 0, total: 0 });
    await db.destroy();

    // Signing out on B ends the session on A too.
    expect((await onB.post('/logout')).status).toBe(204);
    expect((await onA.get('/api/student-imports')).status).toBe(401);

    // Five wrong first passwords counted on A use up the account's allowance on B: even the right one is refused.
    const guesser = track(new HttpClient(a.url));
    await guesser.get('/sanctum/csrf-cookie');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await guesser.post('/api/login-student', { student_id: guessed.id, password: '20000101' })).status).toBe(422);
    }
    const owner = track(new HttpClient(b.url));
    await owner.get('/sanctum/csrf-cookie');
    const refused = await owner.post('/api/login-student', { student_id: guessed.id, password: guessed.dobPassword });
    expect(refused.status).toBe(429);

    // The student-ID lookup's calls an hour per address are counted across both processes.
    const lookup = (client: HttpClient) => client.get('/api/student-lookup?first_name=Kezia&last_name=Nobody');
    const visitorA = track(new HttpClient(a.url));
    const visitorB = track(new HttpClient(b.url));
    for (let call = 0; call < studentLookupRate.max / 2; call += 1) {
      expect((await lookup(visitorA)).status).toBe(200);
      expect((await lookup(visitorB)).status).toBe(200);
    }
    expect((await lookup(visitorA)).status).toBe(429);
    expect((await lookup(visitorB)).status).toBe(429);

    // A document uploaded on A (kept in the database) downloads on B, byte for byte.
    const uploader = track(new HttpClient(a.url));
    await uploader.signInAsAdmin('registrar', ADMIN_PASSWORD);
    const { body, headers } = documentUpload(student.id, PDF);
    expect((await uploader.request('POST', '/api/store-file', body, headers)).status).toBe(200);
    const reader = track(sameBrowserOn(b, uploader));
    const listed = await reader.get(`/api/get-files/${student.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('birth_certificate');
    const download = await reader.get(`/api/files/${student.id}/birth_certificate`);
    expect(download.status).toBe(200);
    expect(download.body).toBe(PDF.toString());
  });

  it('runs one student import at a time across processes: the same file sent many times at once to both, one runs and the rest get 409', async () => {
    data = await createServerData('postgres');
    const seed = await data.open();
    await createAdminUser(seed);
    await seed.destroy();
    const [a, b] = await Promise.all([startServer(data.settings, data.dir), startServer(data.settings, data.dir)]);
    servers.push(a, b);
    const onA = track(new HttpClient(a.url, 8));
    await onA.signInAsAdmin('registrar', ADMIN_PASSWORD);
    const onB = track(new HttpClient(b.url, 8));
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const rows = Array.from({ length: 2000 }, (_, index) => `ONE-${String(index).padStart(4, '0')},Ola,Reyes,2013-04-05,1A`);
    const file = Buffer.from(['Student ID,First Name,Last Name,Date of Birth,Class', ...rows].join('\n'));
    const { payload, headers } = multipart({ mode: 'insert', dry_run: 'false' }, { name: 'intake.csv', bytes: file });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 ? onB : onA).request('POST', '/api/student-import', payload, headers)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(11).fill(409)]);
    expect(answers.find((answer) => answer.status === 409)!.json()).toMatchObject({
      message: 'Another student import is being checked or written. Try again when it has finished.',
    });
    const db = await data.open();
    const counted = await db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(2000);
    expect(await db.selectFrom('import_claims').selectAll().execute()).toEqual([]);
    await db.destroy();
  });

  it('WORKERS=2 serves requests from two worker processes, replaces one that dies, and stops cleanly on SIGTERM', async () => {
    data = await createServerData('postgres');
    const seed = await data.open();
    await createAdminUser(seed);
    await seed.destroy();
    const server = await startServer({ ...data.settings, WORKERS: '2', LOG_LEVEL: 'info' }, data.dir);
    servers.push(server);
    expect(server.stdout()).toContain('(2 server processes)');

    // Each call on a new connection: the primary hands connections to the workers in turn.
    const ask = async (count: number) => {
      for (let call = 0; call < count; call += 1) {
        const client = new HttpClient(server.url);
        expect((await client.get('/api/config')).status).toBe(200);
        client.close();
      }
    };
    await ask(8);
    const first = answeringProcesses(server.stdout());
    expect(first.size).toBe(2);
    expect(first.has(server.child.pid!)).toBe(false);

    // A worker killed outright is replaced, and the portal goes on answering from two processes.
    const [killed] = [...first];
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => server.stderr()).toContain('A server process ended unexpectedly (signal SIGKILL); starting another.');
    const before = server.stdout().length;
    // The new worker starts the whole app, which a busy machine took over ten seconds to do: its
    // answers are looked for as long as a server's start is waited for.
    await expect
      .poll(
        async () => {
          await ask(4);
          return [...answeringProcesses(server.stdout().slice(before))].sort();
        },
        { timeout: 60_000 },
      )
      .toHaveLength(2);
    expect(answeringProcesses(server.stdout().slice(before)).has(killed)).toBe(false);

    // A session made through one worker holds on the other, whichever answers.
    const admin = track(new HttpClient(server.url, 1));
    await admin.signInAsAdmin('registrar', ADMIN_PASSWORD);
    for (let call = 0; call < 4; call += 1) expect((await sameBrowserOn(server, admin).get('/api/student-imports')).status).toBe(200);

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain('SIGTERM: stopping the 2 server processes');
    expect(exit.stdout.match(/SIGTERM: stopping; finishing the requests under way/g)).toHaveLength(2);
    expect(exit.stdout).toMatch(/Stopped in \d+\.\d+ s\.\n*$/);
  });
});
