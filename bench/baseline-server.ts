// The bare baseline for the autosave figure: Fastify + better-sqlite3 (WAL, synchronous FULL), one
// row of the record's width updated per POST; no sessions, CSRF, validation or versions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { studentColumns } from '@school/contract';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-baseline-'));
const db = new SQLite(path.join(dir, 'baseline.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE records (id TEXT PRIMARY KEY, updated_at TEXT, ${studentColumns.map((column) => `"${column}" TEXT`).join(', ')})`);
const insert = db.prepare('INSERT INTO records (id, updated_at) VALUES (?, ?)');
for (let index = 0; index < 1000; index += 1) insert.run(String(index), new Date().toISOString());
const update = db.prepare(
  `UPDATE records SET updated_at = @updated_at, ${studentColumns.map((column) => `"${column}" = @${column}`).join(', ')} WHERE id = @id`,
);

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.post('/save/:id', async (request) => {
  const body = request.body as Record<string, unknown>;
  const values: Record<string, unknown> = { id: (request.params as { id: string }).id, updated_at: new Date().toISOString() };
  for (const column of studentColumns) values[column] = body[column] == null ? null : String(body[column]);
  update.run(values);
  return { ok: true, updatedAt: values.updated_at };
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
const stop = async () => {
  await app.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
