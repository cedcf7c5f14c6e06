// `npm run scanner -- create <name>`, `npm run scanner -- revoke <name>`, `npm run scanner -- list` (decision 023).
import { createScannerToken, listScannerTokens, revokeScannerToken } from '../features/attendance/index.ts';
import { readCliConfig } from './settings.ts';
import { openStartedDatabase } from './started-database.ts';

const usage = [
  'Usage: npm run scanner -- create <name>   (prints the new token once)',
  '       npm run scanner -- revoke <name>',
  '       npm run scanner -- list',
].join('\n');

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (!(command === 'list' || (['create', 'revoke'].includes(command ?? '') && name))) {
    console.error(usage);
    return 2;
  }
  const db = await openStartedDatabase(readCliConfig());
  if (!db) return 1;
  try {
    if (command === 'create') {
      const token = await createScannerToken(db, name);
      console.log(
        `Scanner '${name}' created. Its token, shown only this once:\n\n  ${token}\n\nIt sends POST /api/attendance-scans with the header Authorization: Bearer <token>.`,
      );
    } else if (command === 'revoke') {
      if (!(await revokeScannerToken(db, name))) {
        console.error(`There is no active scanner named '${name}'.`);
        return 1;
      }
      console.log(`Scanner '${name}' revoked.`);
    } else {
      const scanners = await listScannerTokens(db);
      if (scanners.length === 0) console.log('No scanners yet.');
      for (const scanner of scanners) {
        console.log(
          `${scanner.name}\tcreated ${scanner.created_at}\tlast used ${scanner.last_used_at ?? 'never'}\t${scanner.revoked_at ? `revoked ${scanner.revoked_at}` : 'active'}`,
        );
      }
    }
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
