import type { FieldValue } from '@school/contract';
import type { IDBPDatabase } from 'idb';

/**
 * A student's unsent wizard changes kept on the device (decision 039), so that closing the tab
 * while offline loses nothing: only the changed fields, the record version they were made on and
 * whose they are. One entry per device: one account is signed in at a time.
 */
export type OfflineEdits = { studentId: string; updatedAt: string; changes: Record<string, FieldValue>; keptAt: number };

const DATABASE = 'school-portal-offline-edits';
const STORE = 'edits';
const KEY = 'unsent';
/** How long unsent changes wait for their student to come back; past that they are forgotten. */
export const OFFLINE_EDITS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

// `idb` is fetched only when the wizard or a sign-in/out first touches the stored changes: the
// sign-in screen's first load and the wizard's first screen do not wait for it.
const loadIdb = () => import('idb');

/** Opens the database for one piece of work and closes it: an open connection would hold up a sign-out's deletion in another tab. */
async function withDatabase<T>(work: (db: IDBPDatabase) => Promise<T>): Promise<T> {
  const { openDB } = await loadIdb();
  const db = await openDB(DATABASE, 1, { upgrade: (created) => void created.createObjectStore(STORE) });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

const isOfflineEdits = (value: unknown): value is OfflineEdits =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OfflineEdits).studentId === 'string' &&
  typeof (value as OfflineEdits).updatedAt === 'string' &&
  typeof (value as OfflineEdits).keptAt === 'number' &&
  typeof (value as OfflineEdits).changes === 'object';

/**
 * The unsent changes of `studentId`, or null. Another account's changes, and changes older than
 * OFFLINE_EDITS_KEPT_MS, are deleted on the way: they are never to be sent.
 */
export async function readOfflineEdits(studentId: string, now = Date.now()): Promise<OfflineEdits | null> {
  return withDatabase(async (db) => {
    const kept: unknown = await db.get(STORE, KEY);
    if (kept === undefined) return null;
    if (isOfflineEdits(kept) && kept.studentId === studentId && now - kept.keptAt <= OFFLINE_EDITS_KEPT_MS) return kept;
    await db.delete(STORE, KEY);
    return null;
  });
}

/** Keeps these changes in place of any kept before, or deletes them when there are none. */
export async function writeOfflineEdits(edits: OfflineEdits | null): Promise<void> {
  await withDatabase(async (db) => {
    if (edits) await db.put(STORE, edits, KEY);
    else await db.delete(STORE, KEY);
  });
}

/** Deletes kept changes unless they belong to `owner` (a student's id; null for staff): another account signed in. */
export async function forgetOfflineEditsOfOthers(owner: string | null): Promise<void> {
  await withDatabase(async (db) => {
    const kept: unknown = await db.get(STORE, KEY);
    if (kept !== undefined && (!isOfflineEdits(kept) || kept.studentId !== owner)) await db.delete(STORE, KEY);
  });
}

/** At sign-out: the device keeps nothing of the student, not even the empty database. */
export async function deleteOfflineEdits(): Promise<void> {
  const { deleteDB } = await loadIdb();
  // Another tab's open connection delays the deletion until it closes; sign-out does not wait for it.
  await Promise.race([deleteDB(DATABASE), new Promise((resolve) => setTimeout(resolve, 2000))]);
}

/** The database's name, for tests that look into the device. */
export const OFFLINE_EDITS_DATABASE = DATABASE;

/**
 * Writes one student's changes as they come, never two at once and only the latest, after the
 * changes kept from an earlier visit have been read (a write before would overwrite them). A
 * failing device (private mode, a full disk) costs nothing but the keeping: the wizard still holds
 * the changes in memory and saves them as before.
 */
export function offlineEditsKeeper(studentId: string) {
  const kept = readOfflineEdits(studentId).catch(() => null);
  let next: OfflineEdits | null | undefined;
  let writing: Promise<void> | null = null;
  const drain = async () => {
    await kept;
    while (next !== undefined) {
      const edits = next;
      next = undefined;
      await writeOfflineEdits(edits).catch(() => undefined);
    }
    writing = null;
  };
  return {
    /** The changes left unsent by an earlier visit, or null. */
    kept,
    keep(changes: Omit<OfflineEdits, 'studentId' | 'keptAt'> | null) {
      next = changes && { ...changes, studentId, keptAt: Date.now() };
      writing ??= drain();
    },
    /** Settles once everything handed to `keep` is written (or has failed). */
    settled: () => writing ?? Promise.resolve(),
  };
}
