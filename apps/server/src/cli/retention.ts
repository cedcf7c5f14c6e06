// `npm run retention -- --dry-run | --apply`: erases leavers' health data and documents once RETENTION_YEARS have passed (decision 046), for a scheduled job.
import { parseArgs } from 'node:util';
import type { Deps } from '../lib/deps.ts';
import { dialectOf } from '../db/dialect.ts';
import { createWriteTransactions } from '../db/write-transactions.ts';
import { eraseDueData, loadRetention } from '../features/retention/index.ts';
import { createFileStore } from '../lib/file-store/index.ts';
import { readCliConfig } from './settings.ts';
import { openStartedDatabase } from './started-database.ts';

const usage =
  'Usage: npm run retention -- --dry-run   (counts what is due, changes nothing)\n       npm run retention -- --apply     (erases it: health data and documents of students who left RETENTION_YEARS ago)';

/** Whether to apply, or null when the words are not exactly one of the two. */
function readMode(): 'dry-run' | 'apply' | null {
  try {
    const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, apply: { type: 'boolean' } } });
    if (Boolean(values['dry-run']) === Boolean(values.apply)) return null;
    return values.apply ? 'apply' : 'dry-run';
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const mode = readMode();
  if (!mode) {
    console.error(usage);
    return 2;
  }
  const config = readCliConfig();
  const db = await openStartedDatabase(config);
  if (!db) return 1;
  try {
    const dialect = dialectOf(db);
    const writeTransaction = createWriteTransactions(db, dialect);
    const deps: Deps = { db, heavyReads: () => db, dialect, writeTransaction, config, files: createFileStore(config, db, writeTransaction) };
    const result = await eraseDueData(deps, 'command', { dry_run: mode === 'dry-run' });
    console.log(result.message);
    const { upcoming } = await loadRetention(deps);
    console.log(
      upcoming.length === 0
        ? 'No other student who left is waiting.'
        : `${upcoming.length} more ${upcoming.length === 1 ? 'is' : 'are'} due later, the first on ${upcoming[0].due_on}.`,
    );
    return 0;
  } catch (error) {
    console.error(`Nothing erased: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
