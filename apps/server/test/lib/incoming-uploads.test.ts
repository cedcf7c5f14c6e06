import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponses, messageSchema } from '@school/contract';
import { claimTemporary, incomingDir, incomingRoot, incomingSweep, releaseTemporary, sweepIncoming } from '../../src/lib/uploads/incoming.ts';
import { receiveUpload, uploadedFile } from '../../src/lib/uploads/index.ts';
import { createStudent, STUDENT_PASSWORD } from '../helpers/factories.ts';
import { multipart } from '../helpers/multipart.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { createServerData, type ServerData } from '../helpers/server-data.ts';
import { HttpClient, startServer, type RunningServer } from '../helpers/server-process.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { until } from '../helpers/wait.ts';

const settings = (dataDir: string) => ({ dataDir });
const MINUTE = 60_000;

/** The id of a process of this machine that has ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid;

/** Every file under the folders of uploads still arriving, by its path below them. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Writes a file, dated `ageMs` ago. */
function writeFile(file: string, ageMs = 0): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'part of an upload');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

describe('sweeping unfinished uploads away', () => {
  let dataDir: string;
  let root: string;
  let own: string;
  let host: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-incoming-'));
    root = incomingRoot(settings(dataDir));
    own = path.basename(incomingDir(settings(dataDir)));
    host = own.replace(/-\d+$/, '');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Unfinished uploads of every kind of writer: this process, one of this machine that ended, one still running, another machine's, the earlier layout's. */
  function leaveUploads() {
    const dead = `${host}-${endedPid()}`;
    const running = `${host}-${process.ppid}`;
    writeFile(path.join(root, own, 'left-by-this-process'));
    writeFile(path.join(root, dead, 'torn-a'));
    writeFile(path.join(root, dead, 'torn-b'));
    writeFile(path.join(root, running, 'still-arriving'));
    writeFile(path.join(root, running, 'abandoned'), 11 * MINUTE);
    writeFile(path.join(root, 'other-machine-4242', 'still-arriving'));
    writeFile(path.join(root, 'other-machine-4242', 'abandoned'), 11 * MINUTE);
    writeFile(path.join(root, 'earlier-layout-fresh'));
    writeFile(path.join(root, 'earlier-layout-abandoned'), 11 * MINUTE);
    return { dead, running };
  }

  it('removes at once what no process can still be writing, and what another machine left only once it is old', async () => {
    const { running } = leaveUploads();
    const inUse = path.join(root, own, 'in-use');
    claimTemporary(inUse);
    writeFile(inUse);
    try {
      expect(await sweepIncoming(root, { singleProcess: false })).toBe(6);
      expect(filesUnder(root)).toEqual(
        ['earlier-layout-fresh', `${own}/in-use`, `${running}/still-arriving`, 'other-machine-4242/still-arriving']
          .map((file) => file.replace('/', path.sep))
          .sort(),
      );
    } finally {
      await releaseTemporary(inUse);
    }
  });

  it('with SQLite, whose portal is one process, removes every upload but this process’s own under way', async () => {
    leaveUploads();
    const inUse = path.join(root, own, 'in-use');
    claimTemporary(inUse);
    writeFile(inUse);
    try {
      expect(await sweepIncoming(root, { singleProcess: true })).toBe(9);
      expect(filesUnder(root)).toEqual([path.join(own, 'in-use')]);
    } finally {
      await releaseTemporary(inUse);
    }
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('a running server sweeps abandoned uploads every few minutes', () => {
  let t: TestApp;
  let url: string;
  const everyMs = incomingSweep.everyMs;
  beforeAll(async () => {
    incomingSweep.everyMs = 150;
    t = await buildTestApp({}, async (app) => {
      app.post(
        '/test/upload',
        {
          config: { access: 'visitor', csrf: false },
          preValidation: receiveUpload(),
          schema: { consumes: ['multipart/form-data'], body: z.object({ file: uploadedFile() }), response: { 200: messageSchema, ...errorResponses } },
        },
        async (request) => ({ message: `${(request.body as { file: { size: number } }).file.size}` }),
      );
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    incomingSweep.everyMs = everyMs;
    await t.close();
  });

  it('removes what ended processes and lost requests left, and never an upload still arriving', async () => {
    const root = incomingRoot(t.config);
    const own = path.basename(incomingDir(t.config));
    const { payload, headers } = multipart({}, { name: 'slow.pdf', bytes: Buffer.alloc(200_000, 'a') });
    const slow = await RawConnection.open(url);
    slow.write(`POST /test/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`);
    slow.write(payload.subarray(0, 50_000));
    expect(await until(() => filesUnder(root).length === 1)).toBe(true);

    const dead = `${own.replace(/-\d+$/, '')}-${endedPid()}`;
    writeFile(path.join(root, dead, 'torn'));
    writeFile(path.join(root, own, 'lost-by-a-request'));
    writeFile(path.join(root, 'other-machine-1', 'abandoned'), 11 * MINUTE);
    expect(await until(() => filesUnder(root).length === 1)).toBe(true);
    // Several sweeps later the upload still arriving is whole, and is stored: the sweeps run on a
    // timer, so letting them run is the behaviour under test, not a wait for something.
    await new Promise((resolve) => setTimeout(resolve, 4 * incomingSweep.everyMs));
    slow.write(payload.subarray(50_000));
    const answer = await slow.answer();
    slow.close();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ message: String(200_000) });
    expect(await until(() => filesUnder(root).length === 0)).toBe(true);
  });
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 'a'), Buffer.from('\n%%EOF\n')]);

/** Starts sending a 2 MB document upload as the signed-in student and stops halfway; the connection stays open. */
async function startUpload(server: RunningServer, client: HttpClient, studentId: string): Promise<{ connection: RawConnection; rest: Buffer }> {
  const { payload, headers } = multipart({ id: studentId, file_type: 'sea_slip' }, { name: 'slip.pdf', bytes: PDF });
  const connection = await RawConnection.open(server.url);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  connection.write(
    `POST /api/store-file HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${decodeURIComponent(client.cookies.get('XSRF-TOKEN')!)}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
  );
  connection.write(payload.subarray(0, payload.length / 2));
  return { connection, rest: payload.subarray(payload.length / 2) };
}

describe(`a server killed in the middle of an upload (${testDialect})`, () => {
  let data: ServerData;
  let studentId: string;
  beforeAll(async () => {
    data = await createServerData();
    const db = await data.open();
    studentId = (await createStudent(db, {}, { password: STUDENT_PASSWORD })).id;
    await db.destroy();
  });
  afterAll(() => data.remove());

  const signIn = async (server: RunningServer) => {
    const client = new HttpClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    expect((await client.post('/api/login-student', { student_id: studentId, password: STUDENT_PASSWORD })).status).toBe(200);
    return client;
  };

  it('leaves a torn upload that the next start removes at once', async () => {
    const root = incomingRoot(settings(data.dataDir));
    const server = await startServer(data.settings, data.dir);
    const client = await signIn(server);
    const { connection } = await startUpload(server, client, studentId);
    expect(await until(() => filesUnder(root).length === 1 && fs.statSync(path.join(root, filesUnder(root)[0])).size > 500_000)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exited;
    connection.close();
    client.close();
    expect(filesUnder(root)).toHaveLength(1);

    const restarted = await startServer(data.settings, data.dir);
    try {
      expect(filesUnder(root)).toEqual([]);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });

  it.runIf(testDialect === 'postgres')(
    'with WORKERS=2, the worker that replaces a killed one removes its torn upload, and the other worker’s upload arrives whole',
    async () => {
      const root = incomingRoot(settings(data.dataDir));
      const server = await startServer({ ...data.settings, WORKERS: '2' }, data.dir);
      try {
        const client = await signIn(server);
        const uploads = [await startUpload(server, client, studentId), await startUpload(server, client, studentId)];
        const folders = () => new Set(filesUnder(root).map((file) => file.split(path.sep)[0]));
        expect(await until(() => folders().size === 2)).toBe(true);
        const [killedFolder, livingFolder] = [...folders()];
        process.kill(Number(/-(\d+)$/.exec(killedFolder)![1]), 'SIGKILL');
        // The replacement worker starts (slowly on a busy machine) before it sweeps.
        expect(await until(() => !fs.existsSync(path.join(root, killedFolder)), 45_000)).toBe(true);
        expect(filesUnder(root).every((file) => file.startsWith(livingFolder))).toBe(true);

        // The upload on the living worker is finished and stored; the other connection died with its worker.
        const answers = await Promise.all(
          uploads.map(async ({ connection, rest }) => {
            if (!connection.isOpen) return 'closed';
            connection.write(rest);
            return connection
              .answer()
              .then((answer) => answer.status)
              .catch(() => 'closed')
              .finally(() => connection.close());
          }),
        );
        expect(answers.sort()).toEqual([200, 'closed']);
        expect(filesUnder(root)).toEqual([]);
        client.close();
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
  );
});
