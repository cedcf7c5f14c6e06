import { progressFlags, type FieldValue } from '@school/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StudentImportsTable } from '../../db/schema.ts';

/** The statements of a staged student import (decision 042); import-staging.ts decides when each runs. */

/** The imported columns a staged row carries, in the table's order. */
export const stagedColumns = ['first_name', 'last_name', 'middle_name', 'sex', 'date_of_birth', 'class_id', 'house_code', 'birth_certificate_no'] as const;
type StagedColumn = (typeof stagedColumns)[number];

/** A row to stage: her record's values, and her school account when it changes (null removes it; decision 076). */
export type StagedRow = { id: string; action: 'insert' | 'update'; values: Record<string, FieldValue>; account?: string | null };

export type NewImport = { at: string; admin: string; adminId: number; fileName: string; mode: StudentImportsTable['mode']; owner: string };

const text = (value: FieldValue | undefined): string | null => (value === null || value === undefined ? null : String(value));

export const importStagingRepository = {
  /** The import's history row, 'running' until it is published: its ID. */
  async insertImport(db: Executor, entry: NewImport): Promise<number> {
    const row = await db
      .insertInto('student_imports')
      .values({
        at: entry.at,
        admin: entry.admin,
        admin_id: entry.adminId,
        file_name: entry.fileName,
        mode: entry.mode,
        inserted: 0,
        updated: 0,
        unchanged: 0,
        outcome: 'running',
        owner: entry.owner,
        heartbeat: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Stages one slice of rows and moves the import's heartbeat on. */
  async stage(db: Executor, importId: number, rows: StagedRow[]): Promise<void> {
    if (rows.length > 0)
      await db
        .insertInto('student_import_rows')
        .values(
          rows.map((row) => ({
            import_id: importId,
            student_id: row.id,
            action: row.action,
            changed: row.action === 'update' ? stagedColumns.filter((column) => column in row.values).join(',') : '',
            ...(Object.fromEntries(stagedColumns.map((column) => [column, text(row.values[column])])) as Record<StagedColumn, string | null>),
            school_account: row.account ?? null,
            account_changed: row.account === undefined ? 0 : 1,
          })),
        )
        .execute();
    await db.updateTable('student_imports').set({ heartbeat: new Date().toISOString() }).where('id', '=', importId).execute();
  },

  /**
   * Makes every staged row real in one transaction (`trx`), a few set-based statements whatever
   * the number of rows: new students with their accounts (first password: the date of birth) and
   * empty progress, then each group of updates changing the same columns, then the school accounts
   * that change. A student added with a staged ID meanwhile fails the insert, and an account given
   * to another student meanwhile fails its own, and with either the whole publish.
   */
  async publish(trx: Executor, importId: number, present: readonly string[], now: string): Promise<void> {
    const staged = (action: 'insert' | 'update') => trx.selectFrom('student_import_rows').where('import_id', '=', importId).where('action', '=', action);
    const columns = stagedColumns.filter((column) => present.includes(column));
    await trx
      .insertInto('students')
      .columns(['id', ...columns, 'created_at', 'updated_at'])
      .expression(
        staged('insert').select([
          sql.ref('student_id').as('id'),
          ...columns.map((column) => sql.ref(column).as(column)),
          sql.val(now).as('created_at'),
          sql.val(now).as('updated_at'),
        ]),
      )
      .execute();
    await trx
      .insertInto('student_accounts')
      .columns(['student_id', 'password_hash', 'password_reset', 'password_changed_at'])
      .expression(
        staged('insert').select([
          'student_id',
          sql<null>`null`.as('password_hash'),
          sql.lit(1).as('password_reset'),
          sql<null>`null`.as('password_changed_at'),
        ]),
      )
      .execute();
    const flags = Object.entries(progressFlags());
    await trx
      .insertInto('form_progress')
      .columns(['student_id', ...flags.map(([key]) => key)] as Array<'student_id'>)
      .expression(staged('insert').select(['student_id', ...flags.map(([key, value]) => sql.lit(value).as(key))]))
      .execute();
    // An update of her school account alone changes nothing of her record, nor its version.
    const groups = (await staged('update').select('changed').distinct().execute()).filter(({ changed }) => changed !== '');
    for (const { changed } of groups) {
      const set = Object.fromEntries(
        changed.split(',').map((column) => [
          column,
          trx
            .selectFrom('student_import_rows as staged')
            .select(sql.ref(`staged.${column}`).as(column))
            .where('staged.import_id', '=', importId)
            .where('staged.student_id', '=', sql.ref<string>('students.id')),
        ]),
      );
      await trx
        .updateTable('students')
        .set({ ...set, updated_at: now })
        .where('id', 'in', staged('update').select('student_id').where('changed', '=', changed))
        .execute();
    }
    // A school account that changes is replaced, so the link to the provider's account of the old one goes with it.
    const accountsChanged = trx.selectFrom('student_import_rows').where('import_id', '=', importId).where('account_changed', '=', 1);
    await trx.deleteFrom('student_school_accounts').where('student_id', 'in', accountsChanged.select('student_id')).execute();
    await trx
      .insertInto('student_school_accounts')
      .columns(['student_id', 'account', 'set_at'])
      .expression(
        accountsChanged.where('school_account', 'is not', null).select(['student_id', sql<string>`school_account`.as('account'), sql.val(now).as('set_at')]),
      )
      .execute();
    await trx.deleteFrom('student_import_rows').where('import_id', '=', importId).execute();
  },

  /** The import is published: its history row shows what it changed (in the publish's transaction). */
  async done(trx: Executor, importId: number, counts: { inserted: number; updated: number; unchanged: number }): Promise<void> {
    await trx
      .updateTable('student_imports')
      .set({ ...counts, outcome: 'done', owner: null, heartbeat: null })
      .where('id', '=', importId)
      .execute();
  },

  /** The import stopped before its publish (refused, failed): its staged rows and its history row go, as if it never ran. */
  async discard(db: Executor, importId: number): Promise<void> {
    await db.deleteFrom('student_import_rows').where('import_id', '=', importId).execute();
    await db.deleteFrom('student_imports').where('id', '=', importId).where('outcome', '=', 'running').execute();
  },

  /** The imports still marked running, with the process that runs each. */
  running(db: Executor) {
    return db.selectFrom('student_imports').select(['id', 'owner', 'heartbeat']).where('outcome', '=', 'running').execute();
  },

  /** Marks these running imports 'interrupted', removing their staged rows and their admins' progress; answers how many it marked. */
  async markInterrupted(db: Executor, interrupted: number[]): Promise<number> {
    // Marked first, with a condition: of two sweeps at once (two servers), the one that marks an import clears it and counts it.
    const marked = (
      await db
        .updateTable('student_imports')
        .set({ outcome: 'interrupted', owner: null, heartbeat: null })
        .where('id', 'in', interrupted)
        .where('outcome', '=', 'running')
        .returning('id')
        .execute()
    ).map((row) => row.id);
    if (marked.length === 0) return 0;
    await db.deleteFrom('student_import_rows').where('import_id', 'in', marked).execute();
    await db
      .deleteFrom('import_progress')
      .where(
        'admin_id',
        'in',
        db
          .selectFrom('student_imports')
          .select(sql<number>`coalesce(admin_id, 0)`.as('admin_id'))
          .where('id', 'in', marked),
      )
      .execute();
    return marked.length;
  },
};
