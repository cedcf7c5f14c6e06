import type { Config } from '../core/config.ts';
import type { Db, DialectName } from '../db/database.ts';
import type { WriteTransactions } from '../db/write-transactions.ts';
import type { FileStore } from './file-store/index.ts';

/**
 * What a feature's services need from the running server, passed to them explicitly (never the
 * request, the reply or the Fastify instance). Routes hand over `app.deps`; tests and command-line
 * tools can build one of their own.
 */
export type Deps = {
  /** Reads; and writes that need no transaction. */
  db: Db;
  /**
   * Where a heavy read goes (the registration spreadsheet, the all-classes report, Parents
   * Contact, the audit search, Messages): the standby of DATABASE_READ_URL while it keeps up,
   * else `db` (decision 073). Never for a write, nor for a read that a write depends on.
   */
  heavyReads(): Db;
  dialect: DialectName;
  /** Runs a short unit of writes as one transaction (decision 009): pass `trx` to the repositories. */
  writeTransaction: WriteTransactions;
  /** Every setting, read once at start-up. */
  config: Config;
  /** Where uploaded files' bytes live (FILE_STORE): `put` and `change` write a file's bytes with its rows (decision 013). */
  files: FileStore;
};
