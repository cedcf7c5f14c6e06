import type { TestProject } from 'vitest/node';
import { startTestPgBouncer, type TestPgBouncer } from './pgbouncer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The port of the PgBouncer that the run's PostgreSQL databases are reached through (TEST_POOLER=pgbouncer), or 0. */
    pgBouncerPort: number;
  }
}

let pooler: TestPgBouncer | undefined;

/**
 * With TEST_POOLER=pgbouncer, one PgBouncer in transaction mode for the whole run of the server
 * suites on PostgreSQL (decision 068), started before the first test file and stopped after the
 * last: every test process reaches its databases through it.
 */
export async function setup(project: TestProject): Promise<void> {
  const wanted = process.env.TEST_DB === 'postgres' && process.env.TEST_POOLER === 'pgbouncer';
  pooler = wanted ? await startTestPgBouncer() : undefined;
  project.provide('pgBouncerPort', pooler?.port ?? 0);
}

export async function teardown(): Promise<void> {
  await pooler?.stop();
}
