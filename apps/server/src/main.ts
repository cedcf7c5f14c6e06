import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './features/auth/admin-accounts.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { generateDemoSchool, isDatabaseEmpty } from './features/demo/generate-demo-school.ts';
import { webDist } from './paths.ts';

function readConfig(): Config {
  // A .env file in the folder the portal is started from supplies settings not already set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Start-up: read settings, migrate, create the first admin and the demo school when new, listen. */
async function main(): Promise<void> {
  const config = readConfig();
  config.webDist = fs.existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'portal.sqlite') });
  await migrateToLatest(db);

  const notes: string[] = [];
  const admin = await ensureFirstAdmin(db, config.adminPassword);
  if (admin?.oneTimePassword) {
    notes.push(
      `Admin sign-in: http://${displayHost(config)}:${config.port}/admin as '${admin.username}' with the one-time password ${admin.oneTimePassword} (you will be asked to change it).`,
    );
  } else if (admin) {
    notes.push(`Admin sign-in: '${admin.username}' with the password from ADMIN_PASSWORD.`);
  }
  if (config.seedDemo && (await isDatabaseEmpty(db))) {
    const demo = await generateDemoSchool(db, { students: 600 });
    const dob = demo.sampleStudent.date_of_birth.replaceAll('-', '');
    notes.push(
      `Demo school created with ${demo.students} students. Try student ID ${demo.sampleStudent.id} (${demo.sampleStudent.first_name} ${demo.sampleStudent.last_name}) with her date of birth ${dob} as the first password.`,
    );
  }

  const app = await buildApp({ config, db, dialect });
  await purgeExpiredSessions(app);
  const purge = setInterval(() => purgeExpiredSessions(app).catch((error) => app.log.error(error)), 60 * 60 * 1000);
  purge.unref();

  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [`${config.schoolName} portal is running at http://${displayHost(config)}:${port}`, ...notes];
  if (!config.webDist) lines.push('The web app is not built yet: run `npm start` from the project folder to build it.');
  console.log(`\n${lines.join('\n')}\n`);
}

const displayHost = (config: Config) => (config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host);

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
