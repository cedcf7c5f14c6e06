// `npm run admin -- create <username> [--role admin|office|teacher] [--classes 1A,1B] [--email name@school.org]` and `npm run admin -- reset <username> [--second-factor]`.
import { parseArgs } from 'node:util';
import { staffRoles, type StaffRole } from '@school/contract';
import { dialectOf } from '../db/dialect.ts';
import { createWriteTransactions } from '../db/write-transactions.ts';
import { resetAdmin } from '../features/auth/index.ts';
import { createStaffFromCommand } from '../features/staff/index.ts';
import { readCliConfig } from './settings.ts';
import { askHiddenPassword, PromptCancelled } from './password-prompt.ts';
import { openStartedDatabase } from './started-database.ts';

const usage =
  'Usage: npm run admin -- create <username> [--role admin|office|teacher] [--classes 1A,1B] [--email name@school.org]   (password from ADMIN_PASSWORD or a prompt)\n       npm run admin -- reset <username> [--second-factor]    (prints a new one-time password; with --second-factor also removes her authenticator app, recovery codes and passkeys)';

/** The command's words: what to do, to whom, and a new account's role and classes (an admin by default). */
function readArguments(): { command?: string; username?: string; role: StaffRole; classes: string[]; email?: string; secondFactor: boolean } | null {
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' }, classes: { type: 'string' }, email: { type: 'string' }, 'second-factor': { type: 'boolean' } },
    });
    const role = (values.role ?? 'admin') as StaffRole;
    if (!staffRoles.includes(role)) return null;
    const classes = (values.classes ?? '')
      .split(',')
      .map((classId) => classId.trim())
      .filter(Boolean);
    return { command: positionals[0], username: positionals[1], role, classes, email: values.email, secondFactor: values['second-factor'] ?? false };
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const { command, username, role, classes, email, secondFactor } = readArguments() ?? {};
  if (!['create', 'reset'].includes(command ?? '') || !username || !role || !classes) {
    console.error(usage);
    return 2;
  }
  const config = readCliConfig();
  if (command === 'create' && !config.adminPassword && !process.stdin.isTTY) {
    console.error(
      `No terminal to ask for the password: set ADMIN_PASSWORD, for example ADMIN_PASSWORD='<password>' npm run admin -- create ${username} (or put it in .env).`,
    );
    return 2;
  }
  const db = await openStartedDatabase(config);
  if (!db) return 1;
  try {
    if (command === 'create') {
      const password = config.adminPassword ?? (await askHiddenPassword(`Password for ${username}: `));
      const writeTransaction = createWriteTransactions(db, dialectOf(db));
      await createStaffFromCommand({ db, writeTransaction }, { username, password, role, classes, email });
      console.log(
        role === 'admin'
          ? `Admin '${username.toLowerCase()}' created.`
          : `Staff member '${username.toLowerCase()}' created as ${role}${classes.length ? ` of ${classes.join(', ')}` : ''}.`,
      );
    } else {
      const password = await resetAdmin(db, username, { secondFactor: secondFactor ?? false });
      console.log(`New one-time password for '${username.toLowerCase()}': ${password}\nIt must be changed at the next sign-in.`);
      if (secondFactor) console.log('Her second factors are removed: she sets up a new one after signing in.');
    }
    return 0;
  } catch (error) {
    if (error instanceof PromptCancelled) {
      console.error('No admin created: cancelled.');
      return 130;
    }
    console.error(`${command === 'create' ? 'No admin created' : 'No password reset'}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
