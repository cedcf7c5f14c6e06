import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as initialSchema from './migrations/001-initial-schema.ts';
import * as referenceLists from './migrations/002-reference-lists.ts';
import * as storedFiles from './migrations/004-stored-files.ts';
import * as auditRequestIds from './migrations/005-audit-request-ids.ts';

/** Migrations are listed here in order; the list is bundled, so no folder is read at run time. */
const migrations: Record<string, Migration> = {
  '001-initial-schema': initialSchema,
  '002-reference-lists': referenceLists,
  '004-stored-files': storedFiles,
  '005-audit-request-ids': auditRequestIds,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database up to the newest schema; throws on the first failing migration. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
