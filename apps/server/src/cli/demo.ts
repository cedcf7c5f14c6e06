// `npm run demo -- --students N [--seed S]`: fills an empty database with a demo school.
import { parseArgs } from 'node:util';
import { databaseOf, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { generateDemoSchool, isDatabaseEmpty, keepDemoSignIn } from '../features/demo/index.ts';
import { standaloneFileStore } from '../lib/file-store/index.ts';
import { readCliConfig } from './settings.ts';

const { values } = parseArgs({ options: { students: { type: 'string', default: '600' }, seed: { type: 'string' } } });
const students = Number(values.students);
if (!Number.isInteger(students) || students < 1 || students > 20000) {
  console.error('--students must be a whole number from 1 to 20000.');
  process.exit(2);
}
const config = readCliConfig();
const { db, dialect } = openDatabase(databaseOf(config));
try {
  await migrateToLatest(db);
  if (!(await isDatabaseEmpty(db))) {
    console.error('The database already has students: the demo school is only created in an empty database.');
    process.exitCode = 1;
  } else {
    const started = performance.now();
    const summary = await generateDemoSchool(db, {
      students,
      seed: values.seed === undefined ? undefined : Number(values.seed),
      files: standaloneFileStore(config, db, dialect),
    });
    await keepDemoSignIn(db, summary);
    console.log(`Demo school created: ${summary.students} students in ${Math.round(performance.now() - started)} ms.`);
    console.log(
      `Start the portal (npm start): it prints how to sign in as the admin, as a demo student${summary.sampleGuardian ? ' and as a demo parent' : ''}.`,
    );
  }
} finally {
  await db.destroy();
}
