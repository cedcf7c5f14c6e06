import { sql, type Selectable } from 'kysely';
import { withoutTimeLimit, type Db, type DialectName, type Executor } from '../../db/database.ts';
import type { RegistrationHistoryTable, RetentionErasuresTable, UploadedFilesTable } from '../../db/schema.ts';
import { erasedHealthValues, healthFields } from './health-data.ts';

/** Keys a statement names at most: well under either database's limit of parameters. */
const CHUNK = 400;
const chunksOf = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) => items.slice(index * CHUNK, (index + 1) * CHUNK));

/** A student who has left and whose data for that leaving is not erased yet: who, when, and her health fields. */
export type Leaver = { student_id: string; left_on: string; first_name: string | null; last_name: string | null; class_id: string | null } & Record<
  string,
  string | number | null
>;

/** Runs `read` for each chunk of `ids` and joins the rows. */
async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of chunksOf(ids)) rows.push(...(await read(chunk)));
  return rows;
}

export const retentionRepository = {
  /** Every leaver not yet erased for her leaving, oldest leaving first. */
  leaversNotErased(db: Executor): Promise<Leaver[]> {
    return db
      .selectFrom('student_leavers')
      .innerJoin('students', 'students.id', 'student_leavers.student_id')
      .select(['student_leavers.student_id', 'student_leavers.left_on', 'students.first_name', 'students.last_name', 'students.class_id'])
      .select(healthFields.map((field) => `students.${field.name}` as 'students.id'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('retention_erasures')
              .select('retention_erasures.student_id')
              .whereRef('retention_erasures.student_id', '=', 'student_leavers.student_id')
              .whereRef('retention_erasures.left_on', '=', 'student_leavers.left_on'),
          ),
        ),
      )
      .orderBy('student_leavers.left_on')
      .orderBy('student_leavers.student_id')
      .execute() as Promise<Leaver[]>;
  },

  documentsOf(db: Executor, ids: readonly string[]): Promise<Array<Pick<Selectable<UploadedFilesTable>, 'id' | 'student_id' | 'stored_name'>>> {
    return inChunks(ids, (chunk) => db.selectFrom('uploaded_files').select(['id', 'student_id', 'stored_name']).where('student_id', 'in', chunk).execute());
  },

  snapshotsOf(db: Executor, ids: readonly string[]): Promise<Array<Pick<Selectable<RegistrationHistoryTable>, 'id' | 'student_id' | 'record'>>> {
    return inChunks(ids, (chunk) => db.selectFrom('registration_history').select(['id', 'student_id', 'record']).where('student_id', 'in', chunk).execute());
  },

  /**
   * Marks these leavings erased, each only if no one has yet: the ones this call marked. On
   * PostgreSQL a second erasure running at once waits on the first's rows, then marks none of them.
   */
  async claim(db: Executor, rows: ReadonlyArray<Selectable<RetentionErasuresTable>>): Promise<Array<Pick<RetentionErasuresTable, 'student_id'>>> {
    const claimed: Array<Pick<RetentionErasuresTable, 'student_id'>> = [];
    for (let start = 0; start < rows.length; start += 200) {
      claimed.push(
        ...(await db
          .insertInto('retention_erasures')
          .values(rows.slice(start, start + 200))
          .onConflict((conflict) => conflict.columns(['student_id', 'left_on']).doNothing())
          .returning('student_id')
          .execute()),
      );
    }
    return claimed;
  },

  /** Empties the health fields of these records and gives each a new version, so an edit begun before is refused as stale. */
  async eraseHealthFields(db: Executor, ids: readonly string[], version: string): Promise<void> {
    for (const chunk of chunksOf(ids))
      await db
        .updateTable('students')
        .set({ ...erasedHealthValues, updated_at: version })
        .where('id', 'in', chunk)
        .execute();
  },

  async rewriteSnapshot(db: Executor, id: number, record: string): Promise<void> {
    await db.updateTable('registration_history').set({ record }).where('id', '=', id).execute();
  },

  /** Removes the rows of these documents and the students' data files records (their bytes go with the change). */
  async deleteDocuments(db: Executor, ids: readonly string[], documentIds: readonly number[]): Promise<void> {
    for (let start = 0; start < documentIds.length; start += CHUNK) {
      await db
        .deleteFrom('uploaded_files')
        .where('id', 'in', documentIds.slice(start, start + CHUNK))
        .execute();
    }
    for (const chunk of chunksOf(ids)) await db.deleteFrom('student_data_files').where('student_id', 'in', chunk).execute();
  },

  /** Health Data and Documents no longer hold anything: their done flags and reviewed marks are cleared. */
  async clearStepFlags(db: Executor, ids: readonly string[]): Promise<void> {
    for (const chunk of chunksOf(ids)) {
      await db
        .updateTable('form_progress')
        .set({ healthData: 0, documents: 0, healthData_reviewed: 0, documents_reviewed: 0 })
        .where('student_id', 'in', chunk)
        .execute();
    }
  },

  /** The stored files this erasure removed from the rows: kept until their bytes are gone from the store too. */
  async recordErasedFiles(db: Executor, keys: readonly string[], at: string): Promise<void> {
    for (const chunk of chunksOf(keys))
      await db
        .insertInto('erased_files')
        .values(chunk.map((key) => ({ key, erased_at: at })))
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
  },

  /** Erased files whose bytes may still be in the store (a process ended between an erasure's commit and their removal). */
  async erasedFilesLeft(db: Executor): Promise<string[]> {
    return (await db.selectFrom('erased_files').select('key').orderBy('key').execute()).map((row) => row.key);
  },

  async forgetErasedFiles(db: Executor, keys: readonly string[]): Promise<void> {
    for (const chunk of chunksOf(keys)) await db.deleteFrom('erased_files').where('key', 'in', chunk).execute();
  },

  /**
   * Where the server's transactions stood when an erasure had committed (PostgreSQL; null on
   * SQLite): the next transaction number, which every transaction and snapshot taken before is below.
   */
  async transactionsMark(db: Db, dialect: DialectName): Promise<string | null> {
    if (dialect === 'sqlite') return null;
    const { rows } = await sql<{ mark: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS mark`.execute(db);
    return rows[0]!.mark;
  },

  /**
   * Leaves no copy of what an erasure removed in the database's own files (issue 49). SQLite runs
   * with `secure_delete` (database.ts), so removed content is overwritten with zeros in the pages
   * written; the checkpoint puts those pages into the database file and empties the WAL, which
   * still holds the older pages. It answers false while another connection is reading an older
   * state, which the checkpoint must not take away: the caller tries again.
   * On PostgreSQL an updated or deleted row stays in its page until the table is rewritten (a
   * plain VACUUM only marks the space free), so the tables an erasure changes are rewritten; they
   * are small but for the database file store's, rewritten only when it lost files. A rewrite keeps
   * the old versions of rows that a transaction still running anywhere on the server (in any of its
   * databases: the rewrite's own snapshot is held back by it) might read, so it answers false,
   * rewriting nothing, while a session still holds a snapshot or transaction from before `since`. With `force` it
   * rewrites whatever it can and answers true. Each rewrite holds its table for a moment, the time
   * limit lifted on its own connection (behind a transaction pooler, under the pooler's limit: decision 068).
   */
  async reclaimErasedSpace(
    db: Db,
    dialect: DialectName,
    { storedFiles, since, force }: { storedFiles: boolean; since: string | null; force: boolean },
  ): Promise<boolean> {
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      return force || rows.every((row) => row.busy === 0);
    }
    if (!force && since !== null) {
      // Any session of the server, this database's or another's, whose snapshot or transaction is older than the mark (what it may see of other users depends on the role's rights).
      const mark = sql`(${since}::xid8::text::bigint % 4294967296)::text::xid`;
      const { rows } = await sql<{ ended: boolean }>`
        SELECT NOT EXISTS (
          SELECT 1 FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND (age(backend_xmin) > age(${mark}) OR age(backend_xid) > age(${mark}))
        ) AS ended`.execute(db);
      if (!rows[0]!.ended) return false;
    }
    const tables = ['students', 'registration_history', 'student_data_files', 'uploaded_files', ...(storedFiles ? ['stored_files'] : [])];
    await withoutTimeLimit(db, (connection) => sql`VACUUM FULL ${sql.join(tables.map((table) => sql.table(table)))}`.execute(connection));
    return true;
  },
};
