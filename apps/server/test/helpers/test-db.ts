import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject, onTestFinished } from 'vitest';
import { openDatabase, type Db, type DialectName } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { pgBouncerOn, type TestPgBouncer } from './pgbouncer.ts';

/** `url`: the PostgreSQL database's (on its server, not through a pooler), for a second connection pool (as another server process would have). */
export type TestDb = { db: Db; dialect: DialectName; url?: string; close(): Promise<void> };

/** The dialect this test run uses: SQLite by default, PostgreSQL when TEST_DB=postgres. */
export const testDialect: DialectName = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A suite that reads and writes no database, run in the SQLite pass only: the PostgreSQL pass
 * (scripts/test-server.mjs) would repeat it for nothing, and minutes of it on a busy machine (the
 * spreadsheet reader's 500 reads, the printing processes, the lint of the floors).
 */
export const describeWithoutDatabase = describe.skipIf(testDialect === 'postgres');

/**
 * The PgBouncer in transaction mode this run's PostgreSQL databases are reached through, as the
 * portal behind a pooler reaches them (TEST_POOLER=pgbouncer, decision 068; started for the whole
 * run by pooler-setup.ts), or undefined.
 */
const runsPgBouncer = (): TestPgBouncer | undefined => {
  const port = inject('pgBouncerPort');
  return port ? pgBouncerOn(port) : undefined;
};

/** Whether this run reaches PostgreSQL through PgBouncer: a test of what only a direct connection does (named statements) skips then. */
export const throughPooler = (): boolean => runsPgBouncer() !== undefined;

/**
 * A freshly migrated database of its own for each caller: an in-memory SQLite database, or a new
 * PostgreSQL database created on TEST_DATABASE_URL's server (a copy of the run's migrated template,
 * see postgres-template.ts) and dropped again by close().
 * `pooler`: the PostgreSQL database reached through this PgBouncer (the run's, with TEST_POOLER=pgbouncer).
 */
export async function createTestDb({ pooler }: { pooler?: TestPgBouncer } = {}): Promise<TestDb> {
  if (testDialect === 'sqlite') {
    const { db, dialect } = openDatabase({});
    await migrateToLatest(db);
    return { db, dialect, close: () => db.destroy() };
  }
  const database = await createPostgresDatabase(inject('postgresTemplate'));
  const through = pooler ?? runsPgBouncer();
  const { db, dialect } = through
    ? openDatabase({ databaseUrl: through.urlOf(database.url), pooler: 'transaction' })
    : openDatabase({ databaseUrl: database.url });
  // Nothing to do on a copy of the template; the whole set of migrations without one.
  await migrateToLatest(db);
  // A copy's signing key is the template's: each database gets a key of its own, as each portal has.
  await db
    .updateTable('server_secrets')
    .set({ value: randomBytes(32).toString('base64url') })
    .execute();
  return {
    db,
    dialect,
    url: database.url,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * `count` connection pools on one test database, as that many servers would hold: on PostgreSQL
 * each its own (`close` ends them), on SQLite the one in-memory database each time.
 */
export function serverPools(testDb: TestDb, count: number): { pools: Db[]; close(): Promise<void> } {
  const pools = Array.from({ length: count }, () => (testDb.url ? openDatabase({ databaseUrl: testDb.url }).db : testDb.db));
  return {
    pools,
    close: async () => {
      for (const pool of pools) if (pool !== testDb.db) await pool.destroy();
    },
  };
}

/** A test database and `count` pools on it, as that many servers would hold, closed when the test finishes. */
export async function testDbWithPools(count: number): Promise<{ testDb: TestDb; pools: Db[] }> {
  const testDb = await createTestDb();
  const { pools, close } = serverPools(testDb, count);
  onTestFinished(async () => {
    await close();
    await testDb.close();
  });
  return { testDb, pools };
}

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, empty or a copy of `template`: its URL,
 * and drop() to remove it again.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL.');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
