// The bare baseline for the autosave figures: Fastify writing one row of the record's width per
// POST, with no sessions, CSRF, validation or versions. On SQLite (better-sqlite3, WAL,
// synchronous FULL, as the portal) or, with BASELINE_DATABASE_URL, on PostgreSQL through a `pg`
// pool of BASELINE_POOL_SIZE connections (the portal's pool size), each save its own commit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { studentColumns } from '@school/contract';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const columns = studentColumns.map((column) => `"${column}"`);
const createTable = `CREATE TABLE records (id TEXT PRIMARY KEY, updated_at TEXT, ${columns.map((column) => `${column} TEXT`).join(', ')})`;
const rowValues = (id: string, body: Record<string, unknown>) => [
  id,
  new Date().toISOString(),
  ...studentColumns.map((column) => (body[column] == null ? null : String(body[column]))),
];

type Store = { save(id: string, body: Record<string, unknown>): Promise<void>; close(): Promise<void> };

function sqliteStore(): Store {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-baseline-'));
  const db = new SQLite(path.join(dir, 'baseline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(createTable);
  const insert = db.prepare('INSERT INTO records (id, updated_at) VALUES (?, ?)');
  for (let index = 0; index < 1000; index += 1) insert.run(String(index), new Date().toISOString());
  const update = db.prepare(`UPDATE records SET updated_at = ?, ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`);
  return {
    async save(id, body) {
      const [key, ...values] = rowValues(id, body);
      update.run(...values, key);
    },
    async close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresStore(url: string, poolSize: number): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query('DROP TABLE IF EXISTS records');
  await pool.query(createTable);
  await pool.query(`INSERT INTO records (id, updated_at) SELECT g::text, now()::text FROM generate_series(0, 999) AS g`);
  const text = `UPDATE records SET updated_at = $2, ${columns.map((column, index) => `${column} = $${index + 3}`).join(', ')} WHERE id = $1`;
  return {
    async save(id, body) {
      await pool.query({ name: 'save', text, values: rowValues(id, body) });
    },
    async close() {
      await pool.query('DROP TABLE IF EXISTS records').catch(() => undefined);
      await pool.end();
    },
  };
}

const store = process.env.BASELINE_DATABASE_URL
  ? await postgresStore(process.env.BASELINE_DATABASE_URL, Number(process.env.BASELINE_POOL_SIZE ?? 10))
  : sqliteStore();

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.post('/save/:id', async (request) => {
  await store.save((request.params as { id: string }).id, request.body as Record<string, unknown>);
  return { ok: true };
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
const stop = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
