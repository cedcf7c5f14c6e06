import path from 'node:path';
import type { Config } from '../../core/config.ts';
import type { Db, DialectName } from '../../db/database.ts';
import { createWriteTransactions, type WriteTransactions } from '../../db/write-transactions.ts';
import { databaseFileStore } from './database-store.ts';
import type { FileStore } from './file-store.ts';
import { localFileStore } from './local-store.ts';

/** The folder store's folder: DATA_DIR/uploads, where the portal has always kept uploads (backups of it stay valid). */
export const uploadsDir = (settings: Pick<Config, 'dataDir'>): string => path.join(settings.dataDir, 'uploads');

/** The file store FILE_STORE names (decision 013): the folder, or the database. */
export function createFileStore(settings: Pick<Config, 'dataDir' | 'fileStore'>, db: Db, writeTransaction: WriteTransactions): FileStore {
  return settings.fileStore === 'database' ? databaseFileStore(db, writeTransaction) : localFileStore(uploadsDir(settings), writeTransaction);
}

/** The file store for work done before the app is built, or without it (the first start's demo school, a command). */
export function standaloneFileStore(settings: Pick<Config, 'dataDir' | 'fileStore'>, db: Db, dialect: DialectName): FileStore {
  return createFileStore(settings, db, createWriteTransactions(db, dialect));
}

export { checkStoredFiles, removeOrphanFiles, SETTLE_MS, type FileCheckLog, type FileCheckReport, type FileOwner } from './check-files.ts';
export { FileMissing, isFileKey, type FileChange, type FileSource, type FileStore, type OpenedFile } from './file-store.ts';
