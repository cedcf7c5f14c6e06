import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdminUser, createStudent } from './helpers/factories.ts';
import { createServerData, type ServerData } from './helpers/server-data.ts';
import { HttpClient, startServer } from './helpers/server-process.ts';

type SavedRecord = { record: { updatedAt: string } };

describe('stopping the server', () => {
  let data: ServerData | undefined;
  afterEach(async () => {
    await data?.remove();
    data = undefined;
  });

  it('stops on SIGTERM while admins save over keep-alive connections, exits 0, and keeps every save it answered 200', async () => {
    data = await createServerData();
    const seed = await data.open();
    await createAdminUser(seed);
    const students = await Promise.all(Array.from({ length: 8 }, (_, index) => createStudent(seed, { id: `2026${String(900 + index)}` })));
    await seed.destroy();

    const server = await startServer(data.settings, data.dir);
    const client = new HttpClient(server.url, 8);
    await client.signInAsAdmin('registrar', ADMIN_PASSWORD);

    /** Per student: the last save answered 200, and the last one sent (which may have committed without an answer). */
    const confirmed = new Map<string, number>();
    const sent = new Map<string, number>();
    const refusals: number[] = [];
    let answered = 0;
    let signalledAt = 0;

    const saveInALoop = async (id: string) => {
      let updatedAt = (await client.get(`/api/student/${id}`)).json<SavedRecord>().record.updatedAt;
      for (let n = 1; ; n += 1) {
        sent.set(id, n);
        let answer;
        try {
          answer = await client.post('/api/student', { id, updatedAt, allergy: `save ${n}` });
        } catch {
          return; // the connection was closed or refused: the server is stopping
        }
        if (answer.status !== 200) {
          refusals.push(answer.status);
          return;
        }
        confirmed.set(id, n);
        updatedAt = answer.json<SavedRecord>().record.updatedAt;
        answered += 1;
        if (answered === 80) {
          signalledAt = Date.now();
          server.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(students.map((student) => saveInALoop(student.id)));
    const exit = await server.exited;
    const stopSeconds = (Date.now() - signalledAt) / 1000;
    client.close();
    console.log(`SIGTERM with 8 clients saving: exited ${exit.code} after ${stopSeconds.toFixed(2)} s (${answered} saves answered 200)`);

    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain('SIGTERM: stopping');
    expect(exit.stdout).toMatch(/Stopped in \d+\.\d+ s\./);
    // A request that reached a stopping server is refused with 503, never failed with 500.
    for (const status of refusals) expect(status).toBe(503);

    const db = await data.open();
    const rows = await db.selectFrom('students').select(['id', 'allergy']).execute();
    await db.destroy();
    for (const student of students) {
      const stored = Number(/save (\d+)/.exec(String(rows.find((row) => row.id === student.id)?.allergy))?.[1] ?? 0);
      // What is stored is the last save answered 200, or the one sent after it whose answer was cut off.
      expect(stored).toBeGreaterThanOrEqual(confirmed.get(student.id) ?? 0);
      expect(stored).toBeLessThanOrEqual(sent.get(student.id) ?? 0);
    }
  });

  it('cuts a request that never finishes arriving and still exits 0 before the hard stop', async () => {
    data = await createServerData();
    const server = await startServer(data.settings, data.dir);
    const { hostname, port } = new URL(server.url);
    // An upload whose body stops halfway, as from a phone that lost its signal.
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.resume();
    socket.write(
      `POST /api/store-file HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    await closed;
    // Exit code 1 would mean the 10 s hard stop ended it; 0 means the stalled connection was cut and the stop completed.
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(/Stopped in \d+\.\d+ s\./);
  });
});
