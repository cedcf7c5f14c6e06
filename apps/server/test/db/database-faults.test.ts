import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseMessages } from '../../src/lib/error-handler.ts';
import { ADMIN_PASSWORD, createAdminUser, createStudent } from '../helpers/factories.ts';
import { createServerData, type ServerData } from '../helpers/server-data.ts';
import { HttpClient, startServer, type HttpAnswer } from '../helpers/server-process.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

type SavedRecord = { record: { updatedAt: string } };

describe.skipIf(testDialect !== 'postgres')('PostgreSQL connections ended by the server (PostgreSQL only: SQLite has no server to end them)', () => {
  let data: ServerData | undefined;
  afterEach(async () => {
    await data?.remove();
    data = undefined;
  });

  it('answers the saves that used a terminated backend 503, stays up, and saves again afterwards', async () => {
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
    let stop = false;
    const saveInALoop = async (id: string) => {
      /** The record's version; a read that met a terminated backend (503) is tried again. */
      const current = async (): Promise<string> => {
        const answer = await client.get(`/api/student/${id}`);
        answers.push(answer);
        return answer.status === 200 ? answer.json<SavedRecord>().record.updatedAt : current();
      };
      let updatedAt = await current();
      for (let n = 1; !stop; n += 1) {
        const answer = await client.post('/api/student', { id, updatedAt, allergy: `save ${n}` });
        answers.push(answer);
        // A save cut off at its commit may have committed: read the version again before the next one.
        updatedAt = answer.status === 200 ? answer.json<SavedRecord>().record.updatedAt : await current();
      }
    };
    const terminateBackends = async () => {
      for (let round = 0; round < 8; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 80));
        await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      }
      stop = true;
    };
    await Promise.all([...students.map((student) => saveInALoop(student.id)), terminateBackends()]);
    await killer.end();

    const statuses = answers.map((answer) => answer.status);
    console.log(`terminated backends 8 times during ${answers.length} reads and saves: ${statuses.filter((status) => status === 503).length} answered 503`);
    for (const answer of answers) {
      expect([200, 409, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.json().message).toBe(databaseMessages.lost);
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
