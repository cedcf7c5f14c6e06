import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database migrated once for the whole run, which each test's database is copied from. */
    postgresTemplate: string | undefined;
  }
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The server suites' set-up on PostgreSQL: migrates one database for the run, so that each test's
 * database is a copy of it (`CREATE DATABASE … TEMPLATE`, a file copy) rather than thirty-odd
 * migrations run again, and drops it at the end. On SQLite, where a migration in memory costs
 * milliseconds, it does nothing.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) {
    project.provide('postgresTemplate', undefined);
    return undefined;
  }
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const { db } = openDatabase({ databaseUrl: url.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    // A template may be copied only while no one is connected to it.
    await db.destroy();
  }
  project.provide('postgresTemplate', name);
  return () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
