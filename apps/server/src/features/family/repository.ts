import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { holdsLowerCase, startsWith } from '../../db/starts-with.ts';

/** A letter code as stored: its SHA-256 only, the student and the slot printed for it. */
export type NewLetterCode = { student_id: string; slot: number; code_hash: string; created_by: number; created_at: string };

/** The Guardians screen's search: by a guardian's name or address, by student, by class; or one link. */
export type LinkFilters = { q?: string; studentId?: string; classId?: string; linkId?: string };

/** How many links the Guardians screen lists at most for one search. */
export const LINKS_LISTED = 500;

/** The family's view, letters and custody (decisions 062 and 063): every query of the feature. */
export const familyRepository = {
  /** The guardian's daughters she may see (live, unrestricted, can_view), by first name. */
  childrenOf(db: Executor, guardianId: number, studentId?: string) {
    return db
      .selectFrom('guardian_links as l')
      .innerJoin('students as s', 's.id', 'l.student_id')
      .select(['l.public_id', 'l.relationship', 's.id', 's.first_name', 's.last_name', 's.class_id'])
      .where('l.guardian_id', '=', guardianId)
      .where('l.revoked_at', 'is', null)
      .where('l.restricted', '=', 0)
      .where('l.can_view', '=', 1)
      .$if(studentId !== undefined, (query) => query.where('s.id', '=', studentId!))
      .orderBy('s.first_name')
      .orderBy('s.id')
      .execute() as Promise<
      Array<{
        public_id: string;
        relationship: 'mother' | 'father' | 'guardian' | 'other';
        id: string;
        first_name: string | null;
        last_name: string | null;
        class_id: string | null;
      }>
    >;
  },

  /** A student's first name and date of birth, to check a letter's code against. */
  studentForLetter(db: Executor, studentId: string) {
    return db.selectFrom('students').select(['id', 'first_name', 'date_of_birth']).where('id', '=', studentId).executeTakeFirst() as Promise<
      { id: string; first_name: string | null; date_of_birth: string | null } | undefined
    >;
  },

  /** A class's students, by last and first name, with what a letter prints. */
  classStudents(db: Executor, classId: string) {
    return db
      .selectFrom('students')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .select(['id', 'first_name', 'last_name', 'class_id'])
      .where('class_id', '=', classId)
      .where('student_leavers.student_id', 'is', null)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute() as Promise<Array<{ id: string; first_name: string | null; last_name: string | null; class_id: string | null }>>;
  },

  /** Replaces the students' codes not yet used by new ones: the letters printed before stop working. */
  async replaceLetterCodes(trx: Executor, studentIds: string[], codes: NewLetterCode[]): Promise<void> {
    if (studentIds.length > 0) await trx.deleteFrom('guardian_letter_codes').where('student_id', 'in', studentIds).where('used_at', 'is', null).execute();
    if (codes.length > 0) await trx.insertInto('guardian_letter_codes').values(codes).execute();
  },

  /**
   * Uses the student's letter code with this hash, if it is there and not yet used: marks it used by
   * the guardian and answers its slot. Of any number of uses at once, one finds it unused.
   */
  useLetterCode(trx: Executor, { studentId, codeHash, guardianId, now }: { studentId: string; codeHash: string; guardianId: number; now: string }) {
    return trx
      .updateTable('guardian_letter_codes')
      .set({ used_at: now, used_by: guardianId })
      .where('code_hash', '=', codeHash)
      .where('student_id', '=', studentId)
      .where('used_at', 'is', null)
      .returning('slot')
      .executeTakeFirst();
  },

  /** Links as the Guardians screen lists them, newest first: each with its guardian, student and state. */
  links(db: Executor, filters: LinkFilters) {
    const q = filters.q?.toLowerCase();
    return db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .innerJoin('students as s', 's.id', 'l.student_id')
      .select([
        'l.public_id as link_id',
        'g.public_id as guardian_id',
        'g.display_name as guardian_name',
        'g.email as guardian_email',
        's.id as student_id',
        's.first_name',
        's.last_name',
        's.class_id',
        'l.relationship',
        'l.verified_by',
        'l.restricted',
        'l.revoked_at',
        'l.created_at',
        sql<number>`CASE WHEN g.totp_secret IS NOT NULL OR EXISTS (SELECT 1 FROM guardian_passkeys WHERE guardian_passkeys.guardian_id = g.id) THEN 1 ELSE 0 END`.as(
          'second_factor',
        ),
      ])
      .$if(filters.linkId !== undefined, (query) => query.where('l.public_id', '=', filters.linkId!))
      .$if(filters.studentId !== undefined, (query) => query.where('s.id', '=', filters.studentId!))
      .$if(filters.classId !== undefined, (query) => query.where('s.class_id', '=', filters.classId!))
      .$if(Boolean(q), (query) =>
        query.where((eb) =>
          eb.or([
            startsWith('g.email', q!),
            holdsLowerCase('g.display_name', q!),
            startsWith('s.id', q!),
            holdsLowerCase('s.first_name', q!),
            holdsLowerCase('s.last_name', q!),
          ]),
        ),
      )
      .orderBy('l.id', 'desc')
      .limit(LINKS_LISTED)
      .execute() as Promise<
      Array<{
        link_id: string;
        guardian_id: string;
        guardian_name: string;
        guardian_email: string;
        student_id: string;
        first_name: string | null;
        last_name: string | null;
        class_id: string | null;
        relationship: 'mother' | 'father' | 'guardian' | 'other';
        verified_by: 'invitation' | 'letter' | 'office';
        restricted: number;
        revoked_at: string | null;
        created_at: string;
        second_factor: number;
      }>
    >;
  },

  /** One link by its public ID, with its state. */
  link(db: Executor, publicId: string) {
    return db
      .selectFrom('guardian_links')
      .select(['id', 'public_id', 'student_id', 'guardian_id', 'restricted', 'revoked_at'])
      .where('public_id', '=', publicId)
      .executeTakeFirst();
  },

  /** Sets a link's restriction and when it was revoked (null: live). */
  async setLinkState(trx: Executor, id: number, state: { restricted: number; revoked_at: string | null }): Promise<void> {
    await trx.updateTable('guardian_links').set(state).where('id', '=', id).execute();
  },
};
