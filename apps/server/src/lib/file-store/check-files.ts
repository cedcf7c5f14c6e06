import type { Db } from '../../db/database.ts';
import type { FileStore } from './file-store.ts';

/** Stored bytes younger than this are left alone: another server process may be in the middle of writing their row. */
export const SETTLE_MS = 10 * 60 * 1000;

/**
 * A feature whose rows name stored files: it lists every key its rows name, each with a short
 * description for the log (who and what, never the data), e.g. 'student 20260001, birth_certificate'.
 */
export type FileOwner = { keys(db: Db): Promise<Array<{ key: string; describe: string }>> };

export type FileCheckReport = { removedOrphans: number; broughtOver: number; missing: string[] };

/** Where the check reports what it found: one line per file a row names but the store lacks. */
export type FileCheckLog = { warn(message: string): void; info(message: string): void };

/**
 * Removes stored bytes that no row names once `settleMs` old (a stop between bytes and row, or an
 * upload of several files stopped before its rows committed): at start-up, and every few minutes
 * while the portal serves (`sweepOrphanFilesEvery`).
 */
export async function removeOrphanFiles(options: { db: Db; store: FileStore; owners: FileOwner[]; now?: number; settleMs?: number }) {
  const now = options.now ?? Date.now();
  const settleMs = options.settleMs ?? SETTLE_MS;
  const named = (await Promise.all(options.owners.map((owner) => owner.keys(options.db)))).flat();
  const namedKeys = new Set(named.map((file) => file.key));
  const stored = await options.store.list();
  let removedOrphans = 0;
  for (const file of stored) {
    if (namedKeys.has(file.key) || now - file.storedAt.getTime() <= settleMs) continue;
    await options.store.remove(file.key);
    removedOrphans += 1;
  }
  return { named, stored, removedOrphans };
}

/**
 * The start-up check of stored files (run by the app when it is ready): stored bytes that no row
 * names (a stop between bytes and row) are removed once a few minutes old; bytes a row names that
 * are only in the other store (after FILE_STORE changed) are copied into this one; every row whose
 * bytes are gone is reported in the log, one line each.
 * Such a row stays: its download answers 404 and the student can upload the file again.
 */
export async function checkStoredFiles(options: {
  db: Db;
  store: FileStore;
  owners: FileOwner[];
  /** The other kind of store: bytes a row names that are only there (FILE_STORE was changed) are copied over and kept. */
  otherStore?: FileStore;
  log: FileCheckLog;
  now?: number;
  /** Orphans younger than this stay (SETTLE_MS unless said: 0 when no other process can be writing, SQLite's one process at its start). */
  settleMs?: number;
}): Promise<FileCheckReport> {
  const { named, stored, removedOrphans } = await removeOrphanFiles(options);
  const storedKeys = new Set(stored.map((file) => file.key));
  const missing: string[] = [];
  let broughtOver = 0;
  for (const file of named.filter((entry) => !storedKeys.has(entry.key))) {
    const bytes = options.otherStore ? await options.otherStore.read(file.key).catch(() => null) : null;
    if (!bytes) {
      missing.push(file.describe);
      continue;
    }
    await options.store.restore(file.key, bytes);
    broughtOver += 1;
  }
  for (const describe of missing) options.log.warn(`Stored file missing (${describe}): its download answers 404 until it is uploaded again.`);
  if (removedOrphans) options.log.info(`Removed ${removedOrphans} stored file(s) that no record names.`);
  if (broughtOver) options.log.info(`Copied ${broughtOver} stored file(s) into the ${options.store.kind} file store from the ${options.otherStore?.kind} one.`);
  return { removedOrphans, broughtOver, missing };
}
