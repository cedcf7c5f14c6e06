import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './features/auth/admin-accounts.ts';
import { purgeExpiredSessions } from './session/sessions.ts';
import { FIRST_ADMIN_USERNAME, loadConfig, type Config } from './core/config.ts';
import { databaseOf, openDatabase, prepareStatements, type Db, type DialectName } from './db/database.ts';
import { aloneAcrossServers } from './db/dialect.ts';
import { migrateToLatest, NewerDatabaseError } from './db/migrate.ts';
import { demoGuardianNote, demoStudentNote, generateDemoSchool, isDatabaseEmpty, takeDemoSignIn } from './features/demo/index.ts';
import { stopOnSignals } from './graceful-stop.ts';
import { registerSharedJob } from './lib/shared-jobs.ts';
import {
  assertPortFree,
  assertWorkersSupported,
  databaseConnectionError,
  isNewSqliteDataFolder,
  listenError,
  poolerWithoutTimeLimit,
  StartupError,
  startupFailureLine,
} from './start-up.ts';
import { standaloneFileStore } from './lib/file-store/index.ts';
import { loadSniffer } from './lib/uploads/index.ts';
import { webDist } from './core/paths.ts';
import { reportListening, runWorkers } from './cluster.ts';

/** What start-up has to tell the operator (how to sign in), given the port listened on: printed once listening, or beside the failure if start-up fails. */
const notes: Array<(port: number) => string> = [];
let configuredPort = 0;

/**
 * Start-up (decision 017): read settings, check that the port is free before creating anything,
 * refuse a bad database, migrate, create the first admin and (in a new data folder) the demo
 * school, listen. Any failure is one printed line with its fix. With WORKERS=N (decision 028) this
 * process does the one-time work and then runs N worker processes, which only build the app and listen.
 */
async function main(): Promise<void> {
  process.on('SIGINT', stopDuringStartUp);
  process.on('SIGTERM', stopDuringStartUp);
  // A .env file in the folder the portal is started from supplies settings not already set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  configuredPort = config.port;
  config.webDist = fs.existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  if (cluster.isWorker) {
    const { db, dialect } = openDatabase(databaseOf(config, { timeLimited: true }));
    // The first process has migrated: statements may be prepared from the start (decision 029).
    prepareStatements(db);
    reportListening(await serve(config, db, dialect));
    return;
  }
  assertWorkersSupported(config);
  await assertPortFree(config);

  const { db, dialect } = await prepareData(config);
  let port: number;
  if (config.workers > 1) {
    await db.destroy();
    process.off('SIGINT', stopDuringStartUp);
    process.off('SIGTERM', stopDuringStartUp);
    port = await runWorkers(config.workers, { drainMs: config.drainSeconds * 1000 });
  } else {
    port = await serve(config, db, dialect);
  }
  const processes = config.workers > 1 ? ` (${config.workers} server processes)` : '';
  const lines = [`${config.schoolName} portal is running at http://${displayHost(config)}:${port}${processes}`, ...notes.splice(0).map((note) => note(port))];
  lines.push(
    config.staffMfa === 'required'
      ? 'Staff second factor: required (STAFF_MFA=required): admin and office staff enrol one and give it at every sign-in.'
      : 'Staff second factor: optional (STAFF_MFA=optional): each staff member chooses.',
  );
  if (config.provider) {
    const { name, roles, requiredForStaff, breakGlass } = config.provider;
    lines.push(`Sign-in with ${name} (OIDC_ISSUER): open to ${roles.join(', ')}.`);
    if (requiredForStaff) lines.push(`Staff passwords are refused (OIDC_REQUIRED=staff), but for the break-glass admin ${breakGlass} (OIDC_BREAK_GLASS).`);
  }
  if (!config.webDist) lines.push('The web app is not built yet: run `npm start` from the project folder to build it.');
  console.log(framed(lines));
}

/** The start-up notes between two rules, so that they stand out from any log line above them. */
function framed(lines: string[]): string {
  const rule = '='.repeat(Math.min(100, Math.max(...lines.map((line) => line.length))));
  return `\n${rule}\n${lines.join('\n')}\n${rule}\n`;
}

/**
 * The one-time work before serving: check and migrate the database, create the first admin and, when new, the demo school.
 * Of several servers starting at the same moment on one PostgreSQL database, one does it at a time
 * (decision 071): the first makes the tables, the admin and the demo school, and prints their
 * sign-in; the others then find them made, and start without it.
 */
async function prepareData(config: Config): Promise<{ db: Db; dialect: DialectName }> {
  const target = databaseOf(config, { timeLimited: true });
  const newSqliteFolder = config.databaseUrl ? false : isNewSqliteDataFolder(config, target.sqliteFile);
  const { db, dialect } = openDatabase(target);
  try {
    await aloneAcrossServers(db, 'portal start-up', async () => {
      // A PostgreSQL database is new when it has no tables yet (looked at under the lock: after another server's start, it has).
      const isNew = config.databaseUrl ? (await db.introspection.getTables()).length === 0 : newSqliteFolder;
      await migrate(db);
      await firstAdmin(db, config);
      // Demo data goes only into a new data folder or database, never into one that was there before.
      if (config.seedDemo && isNew && (await isDatabaseEmpty(db))) {
        const demo = await generateDemoSchool(db, { students: 600, files: standaloneFileStore(config, db, dialect) });
        notes.push(() => `Demo school created with ${demo.students} students. ${demoStudentNote(demo.sampleStudent)}`);
        const parent = demoGuardianNote(demo.sampleGuardian);
        if (parent) notes.push(() => parent);
      }
    });
  } catch (error) {
    // Reaching the database at all is the first check of DATABASE_URL.
    throw (config.databaseUrl && databaseConnectionError(error, config.databaseUrl)) || error;
  }
  const unlimited = await poolerWithoutTimeLimit(db, config);
  if (unlimited) notes.push(() => unlimited);
  // A demo school made by `npm run demo` is named at the start after it, once.
  const demoMade = await takeDemoSignIn(db);
  if (demoMade) {
    notes.push(() => `Demo school (npm run demo): ${demoStudentNote(demoMade.student)}`);
    const parent = demoGuardianNote(demoMade.guardian);
    if (parent) notes.push(() => parent);
  }
  return { db, dialect };
}

/** Builds the app on the database, stops it gracefully on a signal, listens; resolves with the port. */
async function serve(config: Config, db: Db, dialect: DialectName): Promise<number> {
  // The heavy reads' standby (decision 073), migrated with the primary: its statements may be prepared at once.
  const readDb = config.databaseReadUrl ? openDatabase({ databaseUrl: config.databaseReadUrl, timeLimitMs: config.databaseTimeoutMs }).db : undefined;
  if (readDb) prepareStatements(readDb);
  const app = await buildApp({ config, db, dialect, readDb });
  app.addHook('onClose', async () => readDb?.destroy());
  await purgeExpiredSessions(app);
  // Hourly, by one server of several each hour (decision 047).
  registerSharedJob(app, {
    name: 'expired sessions',
    everyMs: 60 * 60 * 1000,
    run: () => purgeExpiredSessions(app),
    failure: 'The purge of expired sessions failed',
  });
  process.off('SIGINT', stopDuringStartUp);
  process.off('SIGTERM', stopDuringStartUp);
  stopOnSignals(app, db, { drainMs: config.drainSeconds * 1000 });

  await app.listen({ port: config.port, host: config.host }).catch((error) => {
    throw listenError(error, config);
  });
  // Ready before the first upload needs it; an upload loads it again should this fail.
  loadSniffer().catch((error: Error) => app.log.warn(`The upload sniffer did not load yet: ${error.message}`));
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}

/** The first admin, made on the first start only, and the note of how to sign in as her (or how to replace a lost password). */
async function firstAdmin(db: Db, config: Config): Promise<void> {
  const admin = await ensureFirstAdmin(db, config.adminPassword);
  if (admin?.oneTimePassword) {
    notes.push(
      (port) =>
        `Admin sign-in: http://${displayHost(config)}:${port}/admin as '${admin.username}' with the one-time password ${admin.oneTimePassword} (you will be asked to change it).`,
    );
  } else if (admin) {
    notes.push(() => `Admin sign-in: '${admin.username}' with the password from ADMIN_PASSWORD.`);
  } else {
    notes.push(() => `A lost admin password is replaced with: npm run admin -- reset ${FIRST_ADMIN_USERNAME}`);
  }
}

async function migrate(db: Db): Promise<void> {
  try {
    await migrateToLatest(db);
  } catch (error) {
    if (error instanceof NewerDatabaseError) throw new StartupError(error.message, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `The database could not be brought up to date (${message.split('\n')[0]}). Restore a backup taken before this update, or report this message.`,
      { cause: error },
    );
  }
}

const displayHost = (config: Config) => (config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host);

/** Prints what start-up had to tell (a one-time password created before the failure is never lost). */
function printNotes(): void {
  if (notes.length > 0) console.log(framed(notes.map((note) => note(configuredPort))));
}

/** A stop signal before the server listens: nothing is under way, so stop at once, keeping the sign-in details. */
function stopDuringStartUp(signal: NodeJS.Signals): void {
  printNotes();
  console.error(`${signal}: stopped while starting.`);
  process.exit(1);
}

main().catch((error: unknown) => {
  printNotes();
  console.error(startupFailureLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
});
