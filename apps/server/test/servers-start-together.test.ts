import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { ServerData } from './helpers/server-data.ts';
import { serverFleet } from './helpers/server-fleet.ts';
import { spawnServer, startServer } from './helpers/server-process.ts';
import { testDialect } from './helpers/test-db.ts';

const SERVERS = 3;

/** How many rows `table` has, on the server's database. */
async function countRows(data: ServerData, table: string): Promise<number> {
  const { db } = openDatabase({ databaseUrl: data.databaseUrl, sqliteFile: path.join(data.dataDir, 'portal.sqlite') });
  try {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    return Number(rows[0].n);
  } finally {
    await db.destroy();
  }
}

describe('servers that start together on one database', () => {
  const { servers, newData } = serverFleet();

  // Several servers on one database need PostgreSQL (decision 028); SQLite serves one process.
  it.skipIf(testDialect !== 'postgres')(
    'three started at the same moment on an empty database: all run; the tables, the first admin and the demo school are made once, and one prints their sign-in',
    async () => {
      const data = await newData('postgres');
      // Each server its own data folder, as on its own machine, with the files in the database.
      const settingsOf = (index: number) => ({ ...data.settings, DATA_DIR: path.join(data.dir, `server-${index}`), FILE_STORE: 'database', SEED_DEMO: '1' });
      const started = await Promise.allSettled(Array.from({ length: SERVERS }, (_, index) => startServer(settingsOf(index), data.dir)));
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      expect(started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);

      const outputs = servers.map((server) => server.stdout());
      for (const output of outputs) expect(output).toMatch(/portal is running at http/);
      expect(outputs.filter((output) => /one-time password \S{12} /.test(output))).toHaveLength(1);
      expect(outputs.filter((output) => output.includes('Demo school created with 600 students'))).toHaveLength(1);
      // The one that made them is the one that says so; the others say how to replace a lost password.
      const maker = outputs.findIndex((output) => output.includes('one-time password'));
      expect(outputs[maker]).toContain('Demo school created');
      expect(outputs.filter((output) => output.includes('A lost admin password is replaced with'))).toHaveLength(SERVERS - 1);
      for (const server of servers) expect(server.stderr()).not.toMatch(/duplicate key|could not start/);

      expect(await countRows(data, 'admin_users')).toBe(1);
      // A second demo school would have doubled every student's rows (600 of this year, with last year's leavers).
      const current = await countRows(data, 'form_progress');
      expect(current).toBeGreaterThanOrEqual(600);
      expect(await countRows(data, 'students')).toBe(current);
      expect(await countRows(data, 'rollovers')).toBe(1);
      const { db } = openDatabase({ databaseUrl: data.databaseUrl });
      try {
        const migrations = await db
          .selectFrom('kysely_migration' as never)
          .select(sql<string>`name`.as('name'))
          .execute();
        const names = migrations.map((row) => (row as { name: string }).name);
        expect(names.length).toBeGreaterThan(30);
        expect(new Set(names).size).toBe(names.length);
        // Each demo document stored once, in the database.
        const { rows } = await sql<{ n: number }>`select count(*) as n from stored_files`.execute(db);
        const { rows: named } = await sql<{ n: number }>`select count(*) as n from uploaded_files`.execute(db);
        expect(Number(rows[0].n)).toBeGreaterThan(0);
        expect(Number(rows[0].n)).toBe(Number(named[0].n));
      } finally {
        await db.destroy();
      }

      // Each serves: a later start on the same database makes nothing and tells no password.
      for (const server of servers) expect((await fetch(`${server.url}/api/houses`)).status).toBe(200);
    },
  );

  it('a server whose build is older than the database (a migration it does not know) refuses to start in one line, exit code 1', async () => {
    const data = await newData();
    const seed = await data.open();
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-build', ${new Date().toISOString()})`.execute(seed);
    await seed.destroy();
    const exit = await spawnServer(data.settings, data.dir).exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      "This server's build is older than its database: the database has migration 999-from-a-newer-build, which this build does not know (another server with a newer build has updated it). Update this server to the newest build, then start it again.",
    );
    expect(exit.stdout).not.toMatch(/running at|one-time password/);
    // Nothing was added: no admin was made by the refused start.
    expect(await countRows(data, 'admin_users')).toBe(0);
  });
});
