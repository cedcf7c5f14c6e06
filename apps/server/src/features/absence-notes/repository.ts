import type { AbsenceNoteStatus } from '@school/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AbsenceNotesTable } from '../../db/schema.ts';

/** Rows per statement, well under both databases' limits on bound values. */
const CHUNK = 500;

/** Which notes a list holds: of one state, of some classes (a teacher's, or the class chosen), of one student. */
export type NoteFilters = { status?: AbsenceNoteStatus; classIds?: string[]; studentId?: string };

/** A note as the lists and the answers present it: its row, its student, who sent it and who answered. */
export type NoteRow = Awaited<ReturnType<typeof absenceNotesRepository.page>>[number];

/** The columns of a note's row with its student's names and class, its sender's name and link, and who answered it. */
const listed = [
  'n.id',
  'n.public_id',
  'n.student_id',
  'n.from_date',
  'n.to_date',
  'n.sessions',
  'n.reason',
  'n.text',
  'n.sent_by',
  'n.guardian_id',
  'n.file_key',
  'n.file_name',
  'n.file_mime',
  'n.file_size',
  'n.status',
  'n.created_at',
  'n.answered_at',
  'n.decline_reason',
  's.first_name',
  's.last_name',
  's.class_id',
  'g.display_name as guardian_name',
  'l.relationship',
  'a.display_name as answered_by_name',
  'a.username as answered_by_username',
] as const;

/** The notes `filters` hold, with their students (whose class a filter may name). */
function filtered(db: Executor, filters: NoteFilters) {
  return db
    .selectFrom('absence_notes as n')
    .innerJoin('students as s', 's.id', 'n.student_id')
    .$if(filters.status !== undefined, (query) => query.where('n.status', '=', filters.status!))
    .$if(filters.studentId !== undefined, (query) => query.where('n.student_id', '=', filters.studentId!))
    .$if(filters.classIds !== undefined, (query) =>
      filters.classIds!.length ? query.where('s.class_id', 'in', filters.classIds!) : query.where((eb) => eb.lit(false)),
    );
}

/** The notes a list holds, before its order and its page: `filters` applied, with what a note is presented with. */
function notesQuery(db: Executor, filters: NoteFilters) {
  return filtered(db, filters)
    .leftJoin('guardians as g', 'g.id', 'n.guardian_id')
    .leftJoin('guardian_links as l', (join) => join.onRef('l.guardian_id', '=', 'n.guardian_id').onRef('l.student_id', '=', 'n.student_id'))
    .leftJoin('admin_users as a', 'a.id', 'n.answered_by');
}

/** Absence notes (decision 065): every query of the feature. */
export const absenceNotesRepository = {
  /** Keeps a note just sent, pending; answers its key. Pass the transaction of its audit row and messages. */
  async insert(trx: Executor, note: Insertable<AbsenceNotesTable>): Promise<number> {
    const row = await trx.insertInto('absence_notes').values(note).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** One page of the notes `filters` hold, newest first. */
  page(db: Executor, filters: NoteFilters, { offset, limit }: { offset: number; limit: number }) {
    return notesQuery(db, filters).select(listed).orderBy('n.id', 'desc').offset(offset).limit(limit).execute();
  },

  /** How many notes `filters` hold, and how many of them wait for an answer. */
  async counts(db: Executor, filters: NoteFilters): Promise<{ total: number; pending: number }> {
    const { status: _status, ...others } = filters;
    const row = await filtered(db, others)
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(eb.case().when('n.status', '=', 'pending').then(1).else(0).end()).as('pending'),
        ...(filters.status ? [eb.fn.sum<number>(eb.case().when('n.status', '=', filters.status).then(1).else(0).end()).as('of_status')] : []),
      ])
      .executeTakeFirstOrThrow();
    const counted = row as { all: number | string; pending: number | string | null; of_status?: number | string | null };
    return { total: Number(filters.status ? (counted.of_status ?? 0) : counted.all), pending: Number(counted.pending ?? 0) };
  },

  /** One note by its public ID, as lists present it; undefined when there is none. */
  byPublicId(db: Executor, publicId: string) {
    return notesQuery(db, {}).select(listed).where('n.public_id', '=', publicId).executeTakeFirst();
  },

  /**
   * Answers a note that is still pending, in the caller's transaction: of any number of answers at
   * once to one note, one only finds it pending and changes it (the others' conditions no longer
   * hold once it commits). Answers the note's key, or undefined when it was not pending (or is not there).
   */
  async answer(
    trx: Executor,
    publicId: string,
    answer: { status: 'accepted' | 'declined'; answered_at: string; answered_by: number; decline_reason: string | null },
  ): Promise<number | undefined> {
    const row = await trx
      .updateTable('absence_notes')
      .set(answer)
      .where('public_id', '=', publicId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /** A note's state and file, by its public ID, with its student's class (for a teacher's reach). */
  stateOf(db: Executor, publicId: string) {
    return db
      .selectFrom('absence_notes as n')
      .innerJoin('students as s', 's.id', 'n.student_id')
      .select(['n.status', 'n.student_id', 's.class_id', 'n.file_key', 'n.file_name', 'n.file_mime'])
      .where('n.public_id', '=', publicId)
      .executeTakeFirst();
  },

  /** The notes of these students that hold words or a file: what a leaver's erasure takes (decision 046). */
  async heldOf(db: Executor, studentIds: readonly string[]) {
    const held: Array<{ id: number; student_id: string; text: string; file_key: string | null }> = [];
    for (let start = 0; start < studentIds.length; start += CHUNK)
      held.push(
        ...(await db
          .selectFrom('absence_notes')
          .select(['id', 'student_id', 'text', 'file_key'])
          .where('student_id', 'in', studentIds.slice(start, start + CHUNK))
          .where((eb) => eb.or([eb('text', '!=', ''), eb('file_key', 'is not', null)]))
          .orderBy('id')
          .execute()),
      );
    return held;
  },

  /** Empties these notes' words and takes their files off them, in the caller's transaction; their days, sessions, reason and answer stay. */
  async eraseHeld(trx: Executor, noteIds: readonly number[]): Promise<void> {
    for (let start = 0; start < noteIds.length; start += CHUNK)
      await trx
        .updateTable('absence_notes')
        .set({ text: '', file_key: null, file_name: null, file_mime: null, file_size: null })
        .where('id', 'in', noteIds.slice(start, start + CHUNK))
        .execute();
  },

  /** Every stored file a note names, for the start-up check of stored files (decision 013). */
  storedFiles(db: Executor) {
    return db.selectFrom('absence_notes').select(['public_id', 'student_id', 'file_key']).where('file_key', 'is not', null).execute() as Promise<
      Array<{ public_id: string; student_id: string; file_key: string }>
    >;
  },
};
