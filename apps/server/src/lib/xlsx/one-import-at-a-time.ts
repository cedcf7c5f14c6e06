import { messages } from '@school/contract';
import type { Db, DialectName } from '../../db/database.ts';
import { Conflict } from '../errors.ts';
import { ownerIsGone, thisProcess } from '../process-owner.ts';

/** The kinds of import this process is reading or writing now. */
const underWay = new Set<string>();

/** How often a process holding a claim says it still does (for processes of other machines to judge). */
const HEARTBEAT_MS = 30 * 1000;
/** A claim of another machine's process whose heartbeat is older than this is taken over. */
const CLAIM_STALE_MS = 2 * 60 * 1000;

type ClaimDeps = { db: Db; dialect: DialectName };

/**
 * Claims `kind` for this process in `import_claims`: the insert of the kind's row succeeds for one
 * process only, whatever the number of processes (decision 042). A claim left by a process that
 * is gone (killed mid-import) is taken over; with SQLite the portal is one process, so any claim
 * this process does not hold is such a one.
 */
async function claim(deps: ClaimDeps, kind: string): Promise<boolean> {
  const insert = () =>
    deps.db
      .insertInto('import_claims')
      .values({ kind, owner: thisProcess, heartbeat: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('kind').doNothing())
      .returning('kind')
      .executeTakeFirst();
  if (await insert()) return true;
  const held = await deps.db.selectFrom('import_claims').selectAll().where('kind', '=', kind).executeTakeFirst();
  if (!held) return Boolean(await insert());
  if (deps.dialect !== 'sqlite' && !ownerIsGone(held.owner, held.heartbeat, CLAIM_STALE_MS)) return false;
  // Only the claim as it was read is removed: another process taking it over meanwhile wins.
  await deps.db.deleteFrom('import_claims').where('kind', '=', kind).where('owner', '=', held.owner).where('heartbeat', '=', held.heartbeat).execute();
  return Boolean(await insert());
}

/**
 * Runs an import of `kind` unless one of the same kind is already under way in any process of the
 * portal, which answers 409: a second large spreadsheet read meanwhile would only double the
 * memory and the wait, and two imports of one kind would judge their rows against a database the
 * other is changing. `what` names the import for the admin.
 */
export async function oneImportAtATime<T>(deps: ClaimDeps, kind: string, what: string, work: () => Promise<T>): Promise<T> {
  const busy = () => new Conflict(messages.importRunning(what));
  if (underWay.has(kind)) throw busy();
  underWay.add(kind);
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    if (!(await claim(deps, kind))) throw busy();
    heartbeat = setInterval(() => {
      deps.db
        .updateTable('import_claims')
        .set({ heartbeat: new Date().toISOString() })
        .where('kind', '=', kind)
        .where('owner', '=', thisProcess)
        .execute()
        .catch(() => undefined);
    }, HEARTBEAT_MS).unref();
    try {
      return await work();
    } finally {
      clearInterval(heartbeat);
      // Left behind when the database is unreachable now: the next claim finds this process's row and takes it over.
      await deps.db
        .deleteFrom('import_claims')
        .where('kind', '=', kind)
        .where('owner', '=', thisProcess)
        .execute()
        .catch(() => undefined);
    }
  } finally {
    underWay.delete(kind);
  }
}
