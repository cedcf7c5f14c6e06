import type { StaffRole } from '@school/contract';
import type { Executor } from '../../db/database.ts';

/** A student as the roster names her, with the day she left when she has. */
export type RosterStudent = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  class_id: string | null;
  left_on: string | null;
  /** Her school account (decision 076), the address the school's other systems know her by. */
  school_account: string | null;
};

/** A staff account as the roster names it. */
export type RosterStaff = {
  id: number;
  username: string;
  display_name: string | null;
  role: StaffRole;
  classes: string;
  disabled: number;
  email: string | null;
};

/** A guardian's live, unrestricted link to a student she may see (decision 063), with her account. */
export type RosterLink = {
  guardian_id: number;
  email: string;
  display_name: string;
  disabled: number;
  student_id: string;
  relationship: 'mother' | 'father' | 'guardian' | 'other';
};

/** A row the roster has handed out, as it keeps it (migration 037). */
export type KeptRow = { sourced_id: string; kind: string; cells: string; modified_at: string; deleted_at: string | null };

/** Rows written per statement: six values each, well under either database's limit of parameters. */
const ROWS_PER_STATEMENT = 200;

/** The OneRoster roster (decision 075): what it reads of the school, and its record of the rows it has handed out. */
export const oneRosterRepository = {
  /** The school's form classes, by form level. */
  formClasses(db: Executor) {
    return db.selectFrom('form_classes').select(['id', 'form_level']).orderBy('form_level').orderBy('id').execute();
  },

  /** The terms of an academic year (2026 for 2026-2027), in date order. */
  termsOf(db: Executor, year: number) {
    return db.selectFrom('terms').select(['term', 'start_date', 'end_date']).where('year', '=', year).orderBy('start_date').execute();
  },

  /** The students at the school, by class and name; with `withLeavers`, those who have left too, with the day each left. */
  students(db: Executor, withLeavers: boolean) {
    return db
      .selectFrom('students')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .leftJoin('student_school_accounts', 'student_school_accounts.student_id', 'students.id')
      .select([
        'students.id',
        'students.first_name',
        'students.last_name',
        'students.middle_name',
        'students.class_id',
        'student_leavers.left_on',
        'student_school_accounts.account as school_account',
      ])
      .$if(!withLeavers, (query) => query.where('student_leavers.student_id', 'is', null))
      .orderBy('students.class_id')
      .orderBy('students.last_name')
      .orderBy('students.first_name')
      .orderBy('students.id')
      .execute() as Promise<RosterStudent[]>;
  },

  /** Every staff account, by username. */
  staff(db: Executor): Promise<RosterStaff[]> {
    return db.selectFrom('admin_users').select(['id', 'username', 'display_name', 'role', 'classes', 'disabled', 'email']).orderBy('username').execute();
  },

  /** Every live, unrestricted link a guardian has to a student she may see, with her account, by guardian. */
  guardianLinks(db: Executor): Promise<RosterLink[]> {
    return db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .select(['g.id as guardian_id', 'g.email', 'g.display_name', 'g.disabled', 'l.student_id', 'l.relationship'])
      .where('l.revoked_at', 'is', null)
      .where('l.restricted', '=', 0)
      .where('l.can_view', '=', 1)
      .orderBy('g.id')
      .orderBy('l.student_id')
      .execute();
  },

  /** Every row the view has handed out, those gone since included. */
  keptRows(db: Executor, view: string): Promise<KeptRow[]> {
    return db.selectFrom('roster_rows').select(['sourced_id', 'kind', 'cells', 'modified_at', 'deleted_at']).where('view', '=', view).execute();
  },

  /** Keeps rows new or changed in the view, as in it again from `modified_at`. */
  async keepRows(db: Executor, view: string, rows: ReadonlyArray<Omit<KeptRow, 'deleted_at'>>): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
      await db
        .insertInto('roster_rows')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => ({ view, ...row, deleted_at: null })))
        .onConflict((conflict) =>
          conflict.columns(['view', 'sourced_id']).doUpdateSet((update) => ({
            kind: update.ref('excluded.kind'),
            cells: update.ref('excluded.cells'),
            modified_at: update.ref('excluded.modified_at'),
            deleted_at: null,
          })),
        )
        .execute();
  },

  /** Marks rows of the view gone from the roster at `at`. */
  async markGone(db: Executor, view: string, sourcedIds: readonly string[], at: string): Promise<void> {
    for (let start = 0; start < sourcedIds.length; start += ROWS_PER_STATEMENT)
      await db
        .updateTable('roster_rows')
        .set({ deleted_at: at, modified_at: at })
        .where('view', '=', view)
        .where('sourced_id', 'in', sourcedIds.slice(start, start + ROWS_PER_STATEMENT))
        .execute();
  },
};
