import { contactChangeFieldNames, contactChangesListed, type ContactChangeDecision, type ContactChangeStatus } from '@school/contract';
import type { FieldValue } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import type { ContactChangeFieldsTable, ContactChangesTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

/** Every field a change may hold, in the record's order: what the office's list reads of each girl's record. */
const contactColumns = [...contactChangeFieldNames];

/** A change as the lists read it: the change, its girl's names and class, and its guardian. */
export type ChangeRow = {
  id: number;
  public_id: string;
  student_id: string;
  guardian_id: number;
  relationship: ContactChangesTable['relationship'];
  status: ContactChangeStatus;
  created_at: string;
  answered_at: string | null;
  note: string | null;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  guardian_name: string;
  guardian_email: string;
  answered_by_name: string | null;
};

/** One field of a change as stored. */
export type FieldRow = { change_id: number; field: string; was: string | null; proposed: string | null; decision: ContactChangeDecision | null };

/** What a list of changes asks for: a state (waiting, or answered), a class, a guardian, or one change. */
export type ChangeFilters = { status?: 'pending' | 'answered'; classId?: string; guardianId?: number; publicId?: string; id?: number };

/** The states of a change the office has answered. */
const answeredStates: ContactChangeStatus[] = ['approved', 'partly_approved', 'declined'];

/** A change's listing query: its girl and guardian joined, and the staff member who answered it. */
const changesQuery = (db: Executor, filters: ChangeFilters) =>
  db
    .selectFrom('contact_changes as c')
    .innerJoin('students as s', 's.id', 'c.student_id')
    .innerJoin('guardians as g', 'g.id', 'c.guardian_id')
    .leftJoin('admin_users as a', 'a.id', 'c.answered_by')
    .$if(filters.status === 'pending', (query) => query.where('c.status', '=', 'pending'))
    .$if(filters.status === 'answered', (query) => query.where('c.status', 'in', answeredStates))
    .$if(filters.classId !== undefined, (query) => query.where('s.class_id', '=', filters.classId!))
    .$if(filters.guardianId !== undefined, (query) => query.where('c.guardian_id', '=', filters.guardianId!))
    .$if(filters.publicId !== undefined, (query) => query.where('c.public_id', '=', filters.publicId!))
    .$if(filters.id !== undefined, (query) => query.where('c.id', '=', filters.id!));

/** Guardians' contact changes and their fields (decision 066): every query of the feature. */
export const contactChangesRepository = {
  /**
   * The guardian's live, unrestricted link to the girl she may see (decision 063), with its
   * relationship and the girl's first name; undefined for any other girl, or one who does not exist.
   */
  linkOf(db: Executor, guardianId: number, studentId: string) {
    return db
      .selectFrom('guardian_links as l')
      .innerJoin('students as s', 's.id', 'l.student_id')
      .select(['l.relationship', 's.first_name'])
      .where('l.guardian_id', '=', guardianId)
      .where('l.student_id', '=', studentId)
      .where('l.revoked_at', 'is', null)
      .where('l.restricted', '=', 0)
      .where('l.can_view', '=', 1)
      .executeTakeFirst() as Promise<{ relationship: ContactChangesTable['relationship']; first_name: string | null } | undefined>;
  },

  /** The guardian's name and verified address, for her messages; undefined when her account is gone or disabled. */
  guardianOf(db: Executor, guardianId: number) {
    return db.selectFrom('guardians').select(['display_name', 'email']).where('id', '=', guardianId).where('disabled', '=', 0).executeTakeFirst();
  },

  /** The record's values of the fields a change may hold, for each girl named (none for a girl who does not exist). */
  async contactValues(db: Executor, studentIds: readonly string[]): Promise<Map<string, Record<string, FieldValue>>> {
    if (studentIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('students')
      .select(['id', ...contactColumns])
      .where('id', 'in', [...new Set(studentIds)])
      .execute();
    return new Map(rows.map((row) => [String(row.id), row as Record<string, FieldValue>]));
  },

  /** Marks the guardian's change for the girl still waiting, if any, as replaced: answers how many (0 or 1). */
  async replacePending(trx: Executor, guardianId: number, studentId: string): Promise<number> {
    const rows = await trx
      .updateTable('contact_changes')
      .set({ status: 'replaced' })
      .where('guardian_id', '=', guardianId)
      .where('student_id', '=', studentId)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return rows.length;
  },

  /** Writes a new change, waiting, with its fields; answers its key. */
  async insert(trx: Executor, change: Insertable<ContactChangesTable>, fields: Array<Omit<FieldRow, 'change_id' | 'decision'>>): Promise<number> {
    const { id } = await trx.insertInto('contact_changes').values(change).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('contact_change_fields')
      .values(fields.map((field) => ({ ...field, change_id: id, decision: null }) satisfies Insertable<ContactChangeFieldsTable>))
      .execute();
    return Number(id);
  },

  /**
   * Answers the change if it is still waiting: its state, when, by whom and the note. Of any number
   * of answers at once, one finds it waiting (on PostgreSQL the others wait for its row, then find
   * it answered); undefined for the rest.
   */
  claim(trx: Executor, id: number, answer: { status: ContactChangeStatus; answered_at: string; answered_by: number; note: string | null }) {
    return trx
      .updateTable('contact_changes')
      .set(answer)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning(['id', 'student_id', 'guardian_id'])
      .executeTakeFirst();
  },

  /** Writes each field's decision. */
  async decide(trx: Executor, changeId: number, decisions: ReadonlyArray<[string, ContactChangeDecision]>): Promise<void> {
    for (const decision of ['approved', 'declined'] as const) {
      const fields = decisions.filter(([, given]) => given === decision).map(([field]) => field);
      if (fields.length > 0)
        await trx.updateTable('contact_change_fields').set({ decision }).where('change_id', '=', changeId).where('field', 'in', fields).execute();
    }
  },

  /** Changes as the lists show them, newest first, at most `contactChangesListed`. */
  changes(db: Executor, filters: ChangeFilters): Promise<ChangeRow[]> {
    return changesQuery(db, filters)
      .select([
        'c.id',
        'c.public_id',
        'c.student_id',
        'c.guardian_id',
        'c.relationship',
        'c.status',
        'c.created_at',
        'c.answered_at',
        'c.note',
        's.first_name',
        's.last_name',
        's.class_id',
        'g.display_name as guardian_name',
        'g.email as guardian_email',
        (eb) => eb.fn.coalesce('a.display_name', 'a.username').as('answered_by_name'),
      ])
      .orderBy('c.id', 'desc')
      .limit(contactChangesListed)
      .execute() as Promise<ChangeRow[]>;
  },

  /** How many changes a list's filters find, beyond those it shows. */
  async count(db: Executor, filters: ChangeFilters): Promise<number> {
    const row = await changesQuery(db, filters)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * A guardian's changes, newest first, for the girls she may still see: a girl whose link was
   * restricted or revoked since is, for her, a stranger (decision 063).
   */
  guardianChanges(db: Executor, guardianId: number) {
    return db
      .selectFrom('contact_changes as c')
      .innerJoin('guardian_links as l', (join) => join.onRef('l.guardian_id', '=', 'c.guardian_id').onRef('l.student_id', '=', 'c.student_id'))
      .select(['c.id', 'c.public_id', 'c.student_id', 'c.status', 'c.created_at', 'c.answered_at', 'c.note'])
      .where('c.guardian_id', '=', guardianId)
      .where('l.revoked_at', 'is', null)
      .where('l.restricted', '=', 0)
      .where('l.can_view', '=', 1)
      .orderBy('c.id', 'desc')
      .limit(contactChangesListed)
      .execute() as Promise<
      Array<{
        id: number;
        public_id: string;
        student_id: string;
        status: ContactChangeStatus;
        created_at: string;
        answered_at: string | null;
        note: string | null;
      }>
    >;
  },

  /** The fields of the changes named (the presenter puts them in the record's order). */
  fieldsOf(db: Executor, changeIds: readonly number[]): Promise<FieldRow[]> {
    if (changeIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('contact_change_fields')
      .select(['change_id', 'field', 'was', 'proposed', 'decision'])
      .where('change_id', 'in', [...changeIds])
      .execute() as Promise<FieldRow[]>;
  },
};
