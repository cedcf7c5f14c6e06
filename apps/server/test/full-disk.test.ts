import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMessages } from '../src/lib/error-handler.ts';
import { giveTerm, setPosted } from './features/term-reports/term-reports-helpers.ts';
import { ADMIN_PASSWORD, createAdminUser, createStudent, STUDENT_PASSWORD } from './helpers/factories.ts';
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
  let admin: HttpClient;
  let studentId: string;
  const filler = () => path.join(data.dataDir, 'filler');

  beforeAll(async () => {
    const db = await data.open();
    studentId = (await createStudent(db, {}, { password: STUDENT_PASSWORD })).id;
    await createAdminUser(db);
    await giveTerm(db, studentId, { year: 2025, term: '1' });
    await setPosted(db, 2025, '1', true);
    await db.destroy();
    // The server's temporary files (SQLite's and the system's) go to the full disk too, as they do
    // where the data folder and the temporary folder share one disk.
    server = await startServer({ ...data.settings, TMPDIR: data.dataDir, SQLITE_TMPDIR: data.dataDir }, data.dir);
    client = new HttpClient(server.url);
    await client.get('/sanctum/csrf-cookie');
    expect((await client.post('/api/login-student', { student_id: studentId, password: STUDENT_PASSWORD })).status).toBe(200);
    admin = new HttpClient(server.url);
    await admin.signInAsAdmin('registrar', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    client?.close();
    admin?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    spawnSync('umount', [data.dataDir]);
    await data.remove();
  });

  const signedIn = () => ({
    Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN')!),
  });
  const uploadOn = (connection: RawConnection) => {
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

      const refused = await uploadOn(connection);
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
      expect((await uploadOn(connection)).status).toBe(200);
      expect((await save(connection, 'peanuts')).status).toBe(200);
      expect(connection.isOpen).toBe(true);
      const incoming = path.join(data.dataDir, 'uploads', '.incoming');
      expect(fs.readdirSync(incoming, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
    } finally {
      connection.close();
    }
  });

  it("answers the reads a school makes, a write still 503, and writes the reads' audit notes once there is room", { timeout: 60_000 }, async () => {
    // Both sessions were last seen over a minute ago, so each call is due to slide its idle timeout:
    // a write, left undone on a full disk.
    const db = await data.open();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .execute();
    const auditBefore = await db.selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirst();
    await db.destroy();
    expect(fillDisk(filler())).toBeGreaterThan(0);
    try {
      const reads: Array<[HttpClient, string, 'json' | 'pdf']> = [
        [admin, '/api/students', 'json'],
        [admin, '/api/reference-lists', 'json'],
        [client, '/api/session', 'json'],
        [client, `/api/student/${studentId}`, 'json'],
        [client, `/api/student-attendance/${studentId}`, 'json'],
        [client, '/api/reference-lists', 'json'],
        [client, `/api/report-card/${studentId}/2025/1`, 'pdf'],
        [client, `/api/registration-form/${studentId}`, 'pdf'],
      ];
      for (const [caller, url, kind] of reads) {
        const answer = await caller.get(url);
        expect({ url, status: answer.status }).toEqual({ url, status: 200 });
        if (kind === 'pdf') expect(answer.body.startsWith('%PDF-')).toBe(true);
        else expect(() => answer.json()).not.toThrow();
      }
      expect((await admin.get('/api/students')).json<unknown[]>()).toHaveLength(1);

      // A staff member's read of one student's data is written to the audit log for her to see
      // (decision 050) and, for her full record, counted by the export guard (decision 057): with
      // SQLite, no row can be written, so the read waits with the disk message. So does every export,
      // the audit log's CSV among them: the export guard counts it (decision 049).
      for (const url of [
        `/api/student/${studentId}`,
        `/api/registration-form/${studentId}`,
        `/api/report-card/${studentId}/2025/1`,
        `/api/student-attendance/${studentId}`,
        '/api/audit/csv',
      ]) {
        const answer = await admin.get(url);
        if (testDialect === 'sqlite')
          expect({ url, status: answer.status, body: answer.json() }).toEqual({ url, status: 503, body: { message: databaseMessages.full } });
        else expect({ url, status: answer.status }).toEqual({ url, status: 200 });
      }

      // Every write still meets the full disk: an upload on both databases, a save where the database shares the disk.
      const connection = await RawConnection.open(server.url);
      try {
        const upload = await uploadOn(connection);
        expect({ status: upload.status, body: JSON.parse(upload.body) as unknown }).toEqual({ status: 503, body: { message: databaseMessages.full } });
        const saved = await save(connection, 'dust');
        if (testDialect === 'sqlite')
          expect({ status: saved.status, body: JSON.parse(saved.body) as unknown }).toEqual({ status: 503, body: { message: databaseMessages.full } });
        else expect(saved.status).toBe(200);
      } finally {
        connection.close();
      }
    } finally {
      fs.rmSync(filler());
    }

    // With room again, the next read note writes the ones the full disk held, in their order.
    expect((await client.get(`/api/report-card/${studentId}/2025/1`)).status).toBe(200);
    const check = await data.open();
    try {
      const notes = await check
        .selectFrom('audit_log')
        .select(['actor_kind', 'action'])
        .where('id', '>', auditBefore?.id ?? 0)
        .where('action', 'in', ['students.list-viewed', 'report-card.viewed', 'registration-form.viewed'])
        .orderBy('id')
        .execute();
      const held = [
        { actor_kind: 'admin', action: 'students.list-viewed' },
        { actor_kind: 'student', action: 'report-card.viewed' },
        { actor_kind: 'student', action: 'registration-form.viewed' },
        { actor_kind: 'admin', action: 'students.list-viewed' },
      ];
      const staffReads = [
        { actor_kind: 'admin', action: 'registration-form.viewed' },
        { actor_kind: 'admin', action: 'report-card.viewed' },
      ];
      const after = { actor_kind: 'student', action: 'report-card.viewed' };
      expect(notes).toEqual(testDialect === 'sqlite' ? [...held, after] : [...held, ...staffReads, after]);
    } finally {
      await check.destroy();
    }
  });
});

if (!mounted) {
  afterAll(() => probe.remove());
  it.skip('a full disk (this machine does not allow mounting a small tmpfs)', () => undefined);
}
