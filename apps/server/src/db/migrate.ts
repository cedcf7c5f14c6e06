import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { prepareStatements, type Db } from './database.ts';
import { aloneAcrossServers, isPostgres } from './dialect.ts';
import * as initialSchema from './migrations/001-initial-schema.ts';
import * as referenceLists from './migrations/002-reference-lists.ts';
import * as storedFiles from './migrations/004-stored-files.ts';
import * as auditRequestIds from './migrations/005-audit-request-ids.ts';
import * as reportCardFiles from './migrations/006-report-card-files.ts';
import * as termCalendarAndScans from './migrations/007-term-calendar-and-scans.ts';
import * as healthDataSaved from './migrations/008-health-data-saved.ts';
import * as studentImports from './migrations/009-student-imports.ts';
import * as signInAttempts from './migrations/010-sign-in-attempts.ts';
import * as sharedBetweenProcesses from './migrations/011-shared-between-processes.ts';
import * as auditLogThrottleIndexes from './migrations/012-audit-log-throttle-indexes.ts';
import * as studentsUpdatedInPlace from './migrations/013-students-updated-in-place.ts';
import * as stagedStudentImports from './migrations/015-staged-student-imports.ts';
import * as completedOn from './migrations/016-completed-on.ts';
import * as schoolYears from './migrations/017-school-years.ts';
import * as staffRoles from './migrations/019-staff-roles.ts';
import * as secondFactorAndExportAllowance from './migrations/020-second-factor-and-export-allowance.ts';
import * as auditStaffByStudent from './migrations/021-audit-staff-by-student.ts';
import * as outbox from './migrations/022-outbox.ts';
import * as absenceNotices from './migrations/023-absence-notices.ts';
import * as reviewedSteps from './migrations/024-reviewed-steps.ts';
import * as retentionErasures from './migrations/025-retention-erasures.ts';
import * as passkeys from './migrations/027-passkeys.ts';
import * as staffEmailAndDevices from './migrations/028-staff-email-and-devices.ts';
import * as recordReads from './migrations/029-record-reads.ts';
import * as erasedFiles from './migrations/031-erased-files.ts';
import * as guardians from './migrations/032-guardians.ts';
import * as guardianSecondFactor from './migrations/033-guardian-second-factor.ts';
import * as contactChanges from './migrations/035-contact-changes.ts';
import * as absenceNotes from './migrations/034-absence-notes.ts';
import * as consentForms from './migrations/036-consent-forms.ts';
import * as rosterRows from './migrations/037-roster-rows.ts';
import * as backgroundRuns from './migrations/038-background-runs.ts';
import * as schoolAccounts from './migrations/039-school-accounts.ts';
import * as studentSchoolAccounts from './migrations/040-student-school-accounts.ts';

/** Migrations are listed here in order; the list is bundled, so no folder is read at run time. */
const migrations: Record<string, Migration> = {
  '001-initial-schema': initialSchema,
  '002-reference-lists': referenceLists,
  '004-stored-files': storedFiles,
  '005-audit-request-ids': auditRequestIds,
  '006-report-card-files': reportCardFiles,
  '007-term-calendar-and-scans': termCalendarAndScans,
  '008-health-data-saved': healthDataSaved,
  '009-student-imports': studentImports,
  '010-sign-in-attempts': signInAttempts,
  '011-shared-between-processes': sharedBetweenProcesses,
  '012-audit-log-throttle-indexes': auditLogThrottleIndexes,
  '013-students-updated-in-place': studentsUpdatedInPlace,
  '015-staged-student-imports': stagedStudentImports,
  '016-completed-on': completedOn,
  '017-school-years': schoolYears,
  '019-staff-roles': staffRoles,
  '020-second-factor-and-export-allowance': secondFactorAndExportAllowance,
  '021-audit-staff-by-student': auditStaffByStudent,
  '022-outbox': outbox,
  '023-absence-notices': absenceNotices,
  '024-reviewed-steps': reviewedSteps,
  '025-retention-erasures': retentionErasures,
  '027-passkeys': passkeys,
  '028-staff-email-and-devices': staffEmailAndDevices,
  '029-record-reads': recordReads,
  '031-erased-files': erasedFiles,
  '032-guardians': guardians,
  '033-guardian-second-factor': guardianSecondFactor,
  '035-contact-changes': contactChanges,
  '034-absence-notes': absenceNotes,
  '036-consent-forms': consentForms,
  '037-roster-rows': rosterRows,
  '038-background-runs': backgroundRuns,
  '039-school-accounts': schoolAccounts,
  '040-student-school-accounts': studentSchoolAccounts,
};

/**
 * A migration may take longer than a request's statement may (DATABASE_TIMEOUT_MS, decision 041):
 * on PostgreSQL, where the migrations run in one transaction, each lifts the limit for it.
 */
const withoutTimeLimit = (migration: Migration): Migration => ({
  ...migration,
  async up(db) {
    if (isPostgres(db)) await sql`SET LOCAL statement_timeout = 0`.execute(db);
    await migration.up(db);
  },
});

const provider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([name, migration]) => [name, withoutTimeLimit(migration)])),
};

/**
 * The database was brought up to date by a newer build of the portal than this one: it has a
 * migration this build does not know, and this build's code may not read its tables right.
 */
export class NewerDatabaseError extends Error {
  constructor(unknown: string[]) {
    super(
      `This server's build is older than its database: the database has migration ${unknown.join(', ')}, which this build does not know (another server with a newer build has updated it). Update this server to the newest build, then start it again.`,
    );
    this.name = 'NewerDatabaseError';
  }
}

/** The migrations the database has run that this build does not list (none in a new database). */
async function unknownMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !Object.hasOwn(migrations, name));
}

/**
 * Brings the database up to the newest schema; throws on the first failing migration, and
 * `NewerDatabaseError` when the database has a migration this build does not know. A number
 * may land after a higher one (020 after 021): each migration is run once, in number order among
 * those not yet run. Of several servers starting on one PostgreSQL database, one migrates at a
 * time (a transaction-scoped lock, decision 071): the others wait, then find nothing left to do.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await aloneAcrossServers(db, 'portal migrations', async () => {
    const unknown = await unknownMigrations(db);
    if (unknown.length > 0) throw new NewerDatabaseError(unknown);
    const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  });
  prepareStatements(db);
}
