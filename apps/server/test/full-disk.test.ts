import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMessages } from '../src/lib/error-handler.ts';
import { createStudent, STUDENT_PASSWORD } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';
import { RawConnection } from './helpers/raw-http.ts';
import { createServerData, type ServerData } from './helpers/server-data.ts';
import { HttpClient, startServer, type RunningServer } from './helpers/server-process.ts';
import { testDialect } from './helpers/test-db.ts';

/**
 * A real full disk: the data folder is a small tmpfs of its own, filled to the last byte. Mounting
 * needs the right to (root, as on CI); where the machine does not give it, the test says so and is skipped.
 */
const DISK_BYTES = 24 * 1024 * 1024;

function mountSmallDisk(folder: string): boolean {
  fs.mkdirSync(folder, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', folder]).status === 0;
}

/** Writes a file until the disk refuses more (ENOSPC); answers how many bytes it took. */
function fillDisk(file: string): number {
  const chunk = Buffer.alloc(64 * 1024, 'f');
  const handle = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (let size = chunk.length; size >= 1;) {
      try {
        written += fs.writeSync(handle, chunk, 0, size);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    fs.closeSync(handle);
  }
  return written;
}

const probe = await createServerData();
const mounted = mountSmallDisk(probe.dataDir);
if (!mounted) console.log('[skipped] full-disk test: this machine does not allow mounting a small tmpfs');

describe.runIf(mounted)(`a full disk (${testDialect}, data folder on a ${DISK_BYTES / 1024 / 1024} MB tmpfs)`, () => {
  const data: ServerData = probe;
  let server: RunningServer;
  let client: HttpClient;
  let studentId: string;
  const filler = () => path.join(data.dataDir, 'filler');

  beforeAll(async () => {
    const db = await data.open();
    studentId = (await createStudent(db, {}, { password: STUDENT_PASSWORD })).id;
    await db.destroy();
    server = await startServer(data.settings, data.dir);
    client = new HttpClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    expect((await client.post('/api/login-student', { student_id: studentId, password: STUDENT_PASSWORD })).status).toBe(200);
  });
  afterAll(async () => {
    client?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    spawnSync('umount', [data.dataDir]);
    await data.remove();
  });

  const signedIn = () => ({
    Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
  });
  const upload = (connection: RawConnection) => {
    const { payload, headers } = multipart(
      { id: studentId, file_type: 'sea_slip' },
      { name: 'slip.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 'a'), Buffer.from('\n%%EOF\n')]) },
    );
    connection.send('POST', '/api/store-file', { ...signedIn(), 'Content-Type': headers['content-type'] }, payload);
    return connection.answer();
  };
  const save = async (connection: RawConnection, allergy: string) => {
    connection.send('GET', `/api/student/${studentId}`, signedIn());
    const { updatedAt } = JSON.parse((await connection.answer()).body).record as { updatedAt: string };
    connection.send('POST', '/api/student', { ...signedIn(), 'Content-Type': 'application/json' }, JSON.stringify({ id: studentId, updatedAt, allergy }));
    return connection.answer();
  };

  it('answers every write 503 with the disk message, keeps the connection serving, and writes again once there is room', { timeout: 60_000 }, async () => {
    const connection = await RawConnection.open(server.url);
    try {
      expect(fillDisk(filler())).toBeGreaterThan(0);

      const refused = await upload(connection);
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toEqual({ message: databaseMessages.full });
      expect(refused.headers['retry-after']).toBe('5');
      // The next request on the same keep-alive connection is answered at once.
      connection.send('GET', '/api/session', signedIn());
      expect((await connection.answer(5_000)).status).toBe(200);

      // With SQLite the database is on the full disk too; PostgreSQL's is elsewhere and still saves.
      const saved = await save(connection, 'peanuts (saved on a full disk)');
      if (testDialect === 'sqlite') {
        expect(saved.status).toBe(503);
        expect(JSON.parse(saved.body)).toEqual({ message: databaseMessages.full });
      } else expect(saved.status).toBe(200);

      fs.rmSync(filler());
      expect((await upload(connection)).status).toBe(200);
      expect((await save(connection, 'peanuts')).status).toBe(200);
      expect(connection.isOpen).toBe(true);
      const incoming = path.join(data.dataDir, 'uploads', '.incoming');
      expect(fs.readdirSync(incoming, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
    } finally {
      connection.close();
    }
  });
});

if (!mounted) {
  afterAll(() => probe.remove());
  it.skip('a full disk (this machine does not allow mounting a small tmpfs)', () => undefined);
}
