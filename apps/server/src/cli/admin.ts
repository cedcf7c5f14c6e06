// `npm run admin -- create <username>` and `npm run admin -- reset <username>`.
import { createInterface } from 'node:readline/promises';
import { createAdmin, resetAdmin } from '../features/auth/admin-accounts.ts';
import { readCliConfig } from './settings.ts';
import { openStartedDatabase } from './started-database.ts';

const usage =
  'Usage: npm run admin -- create <username>   (password from ADMIN_PASSWORD or a prompt)\n       npm run admin -- reset <username>    (prints a new one-time password)';

/** Asks for a password without echoing it when run in a terminal. */
async function askPassword(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const output = rl as unknown as { _writeToOutput?: (text: string) => void };
  const write = output._writeToOutput?.bind(rl);
  if (process.stdin.isTTY && write) output._writeToOutput = (text: string) => write(text.startsWith(question) ? text : '');
  const answer = await rl.question(question);
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return answer;
}

async function main(): Promise<number> {
  const [command, username] = process.argv.slice(2);
  if (!['create', 'reset'].includes(command ?? '') || !username) {
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
      const password = config.adminPassword ?? (await askPassword(`Password for ${username}: `));
      await createAdmin(db, username, password);
      console.log(`Admin '${username.toLowerCase()}' created.`);
    } else {
      const password = await resetAdmin(db, username);
      console.log(`New one-time password for '${username.toLowerCase()}': ${password}\nIt must be changed at the next sign-in.`);
    }
    return 0;
  } catch (error) {
    console.error(`No admin ${command === 'create' ? 'created' : 'reset'}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
