import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseFault } from '../../src/db/database-faults.ts';
import { databaseMessages, databaseUnavailable } from '../../src/lib/error-handler.ts';
import { ADMIN_PASSWORD, createAdminUser, createStudent } from '../helpers/factories.ts';
import { createServerData, type ServerData } from '../helpers/server-data.ts';
import { HttpClient, startServer, type HttpAnswer } from '../helpers/server-process.ts';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, testDialect } from '../helpers/test-db.ts';

type SavedRecord = { record: { updatedAt: string } };
type StoredRecord = { updatedAt: string; allergy?: unknown };

describe.skipIf(testDialect !== 'postgres')('PostgreSQL connections ended by the server (PostgreSQL only: SQLite has no server to end them)', () => {
  let data: ServerData | undefined;
  afterEach(async () => {
    await data?.remove();
    data = undefined;
  });

  it('answers the saves that used a terminated backend 503, never saying "not done" of one that was stored, lets the next save find out, and stays up', async () => {
    data = await createServerData('postgres');
    const seed = await data.open();
    await createAdminUser(seed);
    const students = await Promise.all(Array.from({ length: 6 }, (_, index) => createStudent(seed, { id: `2026${String(700 + index)}` })));
    await seed.destroy();

    const server = await startServer(data.settings, data.dir);
    const client = new HttpClient(server.url, 6);
    await client.signInAsAdmin('registrar', ADMIN_PASSWORD);
    const killer = new pg.Client({ connectionString: data.databaseUrl });
    killer.on('error', () => undefined); // ended when the test's database is dropped
    await killer.connect();

    const answers: HttpAnswer[] = [];
    /** Saves answered 503: what the answer said; for one said to be not done, whether it was stored; for one of unknown outcome, what saving it again answered. */
    const cutSaves: Array<{ message: string; stored?: boolean; again?: { status: number; allergy?: unknown }; change: string }> = [];
    /** When each request answered 200 was sent. */
    const sentAndAnswered: number[] = [];
    const ask = async (call: () => Promise<HttpAnswer>) => {
      const sentAt = performance.now();
      const answer = await call();
      answers.push(answer);
      if (answer.status === 200) sentAndAnswered.push(sentAt);
      return answer;
    };
    let stop = false;
    const saveInALoop = async (id: string) => {
      /** The record as stored; a read that met a terminated backend (503) is tried again. */
      const current = async (): Promise<StoredRecord> => {
        const answer = await ask(() => client.get(`/api/student/${id}`));
        return answer.status === 200 ? answer.json<{ record: StoredRecord }>().record : current();
      };
      let { updatedAt } = await current();
      for (let n = 1; !stop; n += 1) {
        const change = { id, updatedAt, allergy: `save ${n}` };
        const answer = await ask(() => client.post('/api/student', change));
        if (answer.status === 503 && answer.json().message === databaseMessages.unknown) {
          // As the wizard does: the same save again, with the version it had; a 409 brings the record as stored.
          const again = await ask(() => client.post('/api/student', change));
          const allergy = again.status === 200 || again.status === 409 ? again.json<{ record: StoredRecord }>().record.allergy : undefined;
          cutSaves.push({ message: databaseMessages.unknown, change: change.allergy, again: { status: again.status, allergy } });
        } else if (answer.status === 503) {
          cutSaves.push({ message: answer.json().message as string, change: change.allergy, stored: (await current()).allergy === change.allergy });
        }
        updatedAt = answer.status === 200 ? answer.json<SavedRecord>().record.updatedAt : (await current()).updatedAt;
      }
    };
    /** For each fault, whether a read or save sent after it was answered 200 (within a few seconds). */
    const answeredAfterFault: boolean[] = [];
    const answeredNormallySince = async (faultAt: number) => {
      while (!sentAndAnswered.some((sentAt) => sentAt > faultAt)) {
        if (performance.now() > faultAt + 5000) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return true;
    };
    // Eight rounds at least, and on until a save has been cut in flight: on a busy machine the
    // early rounds may meet only reads and idle connections (bounded: 200 rounds).
    const cutInFlight = () => cutSaves.some((save) => save.message === databaseMessages.unknown);
    const terminateBackends = async () => {
      for (let round = 0; round < 8 || (!cutInFlight() && round < 200); round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 40 + Math.random() * 80));
        await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
        answeredAfterFault.push(await answeredNormallySince(performance.now()));
      }
      stop = true;
    };
    await Promise.all([...students.map((student) => saveInALoop(student.id)), terminateBackends()]);
    await killer.end();

    const statuses = answers.map((answer) => answer.status);
    const unknown = cutSaves.filter((save) => save.message === databaseMessages.unknown);
    console.log(
      `terminated backends ${answeredAfterFault.length} times during ${answers.length} reads and saves: ${statuses.filter((status) => status === 503).length} answered 503; ` +
        `${cutSaves.length} saves cut, ${unknown.length} answered "may or may not have been saved" (${unknown.filter((save) => save.again?.status === 409).length} of them had been stored)`,
    );
    // The faults reached requests, and after each one the server answered normally again.
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(answeredAfterFault.length).toBeGreaterThanOrEqual(8);
    expect(answeredAfterFault.every(Boolean)).toBe(true);
    for (const answer of answers) {
      expect([200, 409, 503]).toContain(answer.status);
      if (answer.status === 503) expect([databaseMessages.unknown, databaseMessages.lost, databaseMessages.busy]).toContain(answer.json().message);
    }
    // A save said to be not done was not done.
    for (const save of cutSaves.filter((cut) => cut.message !== databaseMessages.unknown)) expect(save.stored).toBe(false);
    // A connection lost under a save is answered as of unknown outcome, and saving it again settles it:
    // 200 when it had not been stored, 409 with the record holding it when it had.
    expect(unknown.length).toBeGreaterThan(0);
    for (const save of unknown) {
      expect([200, 409, 503]).toContain(save.again?.status);
      if (save.again?.status !== 503) expect(save.again?.allergy).toBe(save.change);
    }
    expect(server.child.exitCode).toBeNull();

    // The pool has recovered: every student saves again.
    for (const student of students) {
      const { updatedAt } = (await client.get(`/api/student/${student.id}`)).json<SavedRecord>().record;
      const answer = await client.post('/api/student', { id: student.id, updatedAt, allergy: 'after the faults' });
      expect(answer.status).toBe(200);
    }
    client.close();
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(server.stderr()).not.toMatch(/uncaught|unhandled/i);
  });
});

describe('a stalled database (DATABASE_TIMEOUT_MS)', () => {
  let data: ServerData | undefined;
  afterEach(async () => {
    await data?.remove();
    data = undefined;
  });

  /** Stalls the server's database as another program can: a lock on the students table (PostgreSQL), the write lock (SQLite). */
  async function stallDatabase(server: ServerData): Promise<() => Promise<void>> {
    if (testDialect === 'postgres') {
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE students IN ACCESS EXCLUSIVE MODE');
      return async () => {
        await holder.query('ROLLBACK');
        await holder.end();
      };
    }
    const holder = new SQLite(path.join(server.dataDir, 'portal.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    return async () => {
      holder.exec('ROLLBACK');
      holder.close();
    };
  }

  it(
    'answers autosaves and an audited view 503 "busy" within the time limit while the database stays stalled for longer, serves other requests meanwhile, and saves again once it is free',
    { timeout: 120_000 },
    async () => {
      const limitMs = 1000;
      data = await createServerData();
      const seed = await data.open();
      await createAdminUser(seed);
      const students = await Promise.all(Array.from({ length: 6 }, (_, index) => createStudent(seed, { id: `2026${String(600 + index)}` })));
      await seed.destroy();
      const server = await startServer({ ...data.settings, DATABASE_TIMEOUT_MS: String(limitMs) }, data.dir);
      const client = new HttpClient(server.url, 9);
      await client.signInAsAdmin('registrar', ADMIN_PASSWORD);
      // Outside the stall too a request may meet the 1 s limit on a busy machine (a view writes its
      // audit row), and is answered 503 "busy": it is sent again, as the wizard does.
      const untilServed = async (send: () => Promise<HttpAnswer>) => {
        let answer = await send();
        for (let tries = 1; answer.status === 503 && answer.json().message === databaseMessages.busy && tries < 20; tries += 1) answer = await send();
        return answer;
      };
      const versions: string[] = [];
      for (const student of students) versions.push((await untilServed(() => client.get(`/api/student/${student.id}`))).json<SavedRecord>().record.updatedAt);

      // Stalled until every request below has been answered, however long a busy machine takes:
      // a stall that ended on a timer could end before them and let them through.
      const release = await stallDatabase(data);
      const stalledAt = performance.now();
      const timed = async (answer: Promise<HttpAnswer>) => ({ answer: await answer, seconds: (performance.now() - stalledAt) / 1000 });
      const saves = students.map((student, index) =>
        timed(client.post('/api/student', { id: student.id, updatedAt: versions[index], allergy: 'during the stall' })),
      );
      // An admin's view of a record writes its audit row: a write like the saves.
      const view = timed(client.get(`/api/student/${students[0].id}`));
      const plain = await timed(client.get('/api/towns'));
      const answered = await Promise.all([...saves, view]);
      const stallSeconds = (performance.now() - stalledAt) / 1000;
      await release();
      const seconds = answered.map((save) => save.seconds.toFixed(2));
      console.log(
        `${testDialect}, stalled ${stallSeconds.toFixed(2)} s with DATABASE_TIMEOUT_MS=${limitMs}: 6 saves and a view answered 503 after ${seconds.join(', ')} s; a reference list after ${plain.seconds.toFixed(2)} s (${plain.answer.status})`,
      );

      for (const { answer, seconds } of answered) {
        expect({ status: answer.status, message: answer.json().message }).toEqual({ status: 503, message: databaseMessages.busy });
        // Answered at the limit (and the wait for a connection, roomy on a busy machine), not held
        // for as long as the database is stalled, and with no other request held meanwhile.
        expect(seconds).toBeLessThan(limitMs / 1000 + 6);
      }
      // Other requests are served while those wait: the server waits for a lock between tries, never inside them.
      expect(plain.answer.status).toBe(200);
      expect(plain.seconds).toBeLessThan(Math.min(...answered.map((save) => save.seconds)));

      // Nothing of the refused saves was written; once the database is free they save.
      // A refused save that had been written would have moved her version on: this one would be 409.
      for (const [index, student] of students.entries()) {
        const answer = await untilServed(() => client.post('/api/student', { id: student.id, updatedAt: versions[index], allergy: 'after the stall' }));
        expect(answer.status).toBe(200);
      }
      client.close();
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    },
  );
});

describe('what a database fault answers', () => {
  let test: TestApp;
  /** Errors as the drivers raise them, by name. */
  const faults: Record<string, () => Error> = {
    terminated: () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    'ended unexpectedly': () => new Error('Connection terminated unexpectedly'),
    refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    'statement timeout': () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    'no free connection': () => new Error('timeout exceeded when trying to connect'),
  };
  beforeAll(async () => {
    test = await buildTestApp({}, async (app) => {
      const handler = async (request: { params: unknown }) => {
        throw faults[(request.params as { fault: string }).fault]();
      };
      app.get('/test/fault/:fault', { config: { access: 'visitor' } }, handler);
      app.post('/test/fault/:fault', { config: { access: 'visitor' } }, handler);
    });
  });
  afterAll(() => test.close());

  it('says of a change whose connection was lost under it that it may or may not have been saved, and "not done" only when it was not', async () => {
    const client = await new TestClient(test.app).start();
    const answers: Record<string, [number, string]> = {};
    for (const fault of Object.keys(faults)) {
      const response = await client.post(`/test/fault/${encodeURIComponent(fault)}`);
      answers[fault] = [response.statusCode, response.json().message];
      // The fault was one request's: the next is answered as usual.
      expect((await client.get('/api/towns')).statusCode).toBe(200);
    }
    expect(answers).toEqual({
      terminated: [503, databaseMessages.unknown],
      'ended unexpectedly': [503, databaseMessages.unknown],
      refused: [503, databaseMessages.lost],
      'statement timeout': [503, databaseMessages.busy],
      'no free connection': [503, databaseMessages.busy],
    });
    // A read has no outcome to doubt.
    expect((await client.get('/test/fault/terminated')).json().message).toBe(databaseMessages.lost);
  });
});

describe('SQLite busy, locked and full answer 503', () => {
  let test: TestApp;
  let dir: string;
  let busyFile: string;
  let holder: SQLite.Database;

  // Routes of the test's own run real statements on an SQLite file of their own: one that another
  // connection holds locked, one that has no room left.
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
    busyFile = path.join(dir, 'busy.sqlite');
    holder = new SQLite(busyFile);
    holder.exec('CREATE TABLE notes (text TEXT)');
    const fullFile = path.join(dir, 'full.sqlite');
    const setup = new SQLite(fullFile);
    setup.exec('CREATE TABLE notes (text TEXT)');
    setup.close();
    test = await buildTestApp({}, async (app) => {
      app.get('/test/busy', { config: { access: 'visitor' } }, async () => {
        const writer = new SQLite(busyFile, { timeout: 0 });
        try {
          writer.prepare('INSERT INTO notes VALUES (?)').run('busy');
        } finally {
          writer.close();
        }
        return { ok: true };
      });
      app.get('/test/full', { config: { access: 'visitor' } }, async () => {
        const writer = new SQLite(fullFile);
        try {
          writer.pragma('max_page_count = 3');
          const insert = writer.prepare('INSERT INTO notes VALUES (?)');
          for (let n = 0; n < 100; n += 1) insert.run('x'.repeat(1000));
        } finally {
          writer.close();
        }
        return { ok: true };
      });
    });
  });
  afterAll(async () => {
    holder.close();
    await test.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message when the database is locked by another writer', async () => {
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const response = await test.app.inject({ method: 'GET', url: '/test/busy' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: databaseMessages.busy });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      holder.exec('ROLLBACK');
    }
    expect((await test.app.inject({ method: 'GET', url: '/test/busy' })).statusCode).toBe(200);
  });

  it('answers 503 with a clear message when the database is full', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/test/full' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: databaseMessages.full });
  });
});

describe.skipIf(testDialect !== 'postgres')('a transaction PostgreSQL ends to break a deadlock (PostgreSQL only)', () => {
  it('is told as busy: nothing of it was done, and the request is answered 503 "try again", not 500', async () => {
    const test = await createTestDb();
    const clients = [new pg.Client({ connectionString: test.url }), new pg.Client({ connectionString: test.url })];
    try {
      await Promise.all(clients.map((client) => client.connect()));
      await clients[0]!.query('CREATE TABLE crossing (id integer PRIMARY KEY); INSERT INTO crossing VALUES (1), (2)');
      await Promise.all(clients.map((client) => client.query('BEGIN')));
      await clients[0]!.query('SELECT 1 FROM crossing WHERE id = 1 FOR UPDATE');
      await clients[1]!.query('SELECT 1 FROM crossing WHERE id = 2 FOR UPDATE');
      const outcomes = await Promise.allSettled([
        clients[0]!.query('SELECT 1 FROM crossing WHERE id = 2 FOR UPDATE'),
        clients[1]!.query('SELECT 1 FROM crossing WHERE id = 1 FOR UPDATE'),
      ]);
      const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0]!.reason as { code?: string }).code).toBe('40P01');
      expect(databaseFault(refused[0]!.reason)).toBe('busy');
      expect(databaseUnavailable(refused[0]!.reason, 'PATCH')).toBe(databaseMessages.busy);
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      await test.close();
    }
  });
});
