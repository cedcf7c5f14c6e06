import { PostgresAdapter, PostgresDialect } from 'kysely';

/**
 * Kysely's PostgreSQL adapter without its lock around migrations. That lock is a session-level
 * advisory lock, taken by one statement and released by another: behind a connection pooler in
 * transaction mode (PgBouncer) the two may reach different server connections, and the lock is
 * then held until that connection closes, stopping every later start. The portal takes its own,
 * transaction-scoped lock around the migrations instead (`migrateToLatest`, decision 071).
 */
class AdapterWithoutSessionLock extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {
    // The portal's own lock is held (migrate.ts).
  }

  override async releaseMigrationLock(): Promise<void> {
    // Released with the portal's own lock's transaction.
  }
}

/** Kysely's PostgreSQL dialect with the adapter above. */
export class PortalPostgresDialect extends PostgresDialect {
  override createAdapter(): PostgresAdapter {
    return new AdapterWithoutSessionLock();
  }
}
