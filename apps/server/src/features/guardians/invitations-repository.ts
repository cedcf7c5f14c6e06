import type { GuardianRelationship } from '@school/contract';
import type { Executor } from '../../db/database.ts';

const listed = [
  'guardian_invitations.public_id',
  'guardian_invitations.student_id',
  'guardian_invitations.email',
  'guardian_invitations.relationship',
  'guardian_invitations.sent_at',
  'guardian_invitations.expires_at',
  'guardian_invitations.accepted_at',
  'guardian_invitations.cancelled_at',
  'students.first_name',
  'students.last_name',
] as const;

/** Invitations the school sent to an address to link a guardian to one student (decision 062). */
export const invitationsRepository = {
  async insert(
    trx: Executor,
    invitation: {
      publicId: string;
      tokenHash: string;
      studentId: string;
      email: string;
      relationship: GuardianRelationship;
      createdBy: number | null;
      now: string;
      expiresAt: string;
    },
  ): Promise<void> {
    await trx
      .insertInto('guardian_invitations')
      .values({
        public_id: invitation.publicId,
        token_hash: invitation.tokenHash,
        student_id: invitation.studentId,
        email: invitation.email,
        relationship: invitation.relationship,
        created_by: invitation.createdBy,
        created_at: invitation.now,
        expires_at: invitation.expiresAt,
        sent_at: invitation.now,
      })
      .execute();
  },

  /** The invitation of a link still good (not accepted, cancelled or expired), with the girl's first name. */
  live(db: Executor, tokenHash: string, now: string) {
    return db
      .selectFrom('guardian_invitations')
      .innerJoin('students', 'students.id', 'guardian_invitations.student_id')
      .select(['guardian_invitations.email', 'guardian_invitations.student_id', 'students.first_name'])
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /** Accepts an invitation once: of several calls at once with one link, one only gets its row. */
  accept(trx: Executor, tokenHash: string, now: string) {
    return trx
      .updateTable('guardian_invitations')
      .set({ accepted_at: now })
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'public_id', 'student_id', 'email', 'relationship'])
      .executeTakeFirst();
  },

  /** A class's invitations (every state), newest first. */
  ofClass(db: Executor, classId: string) {
    return db
      .selectFrom('guardian_invitations')
      .innerJoin('students', 'students.id', 'guardian_invitations.student_id')
      .select(listed)
      .where('students.class_id', '=', classId)
      .orderBy('guardian_invitations.id', 'desc')
      .execute();
  },

  byPublicId(db: Executor, publicId: string) {
    return db
      .selectFrom('guardian_invitations')
      .innerJoin('students', 'students.id', 'guardian_invitations.student_id')
      .select(listed)
      .where('guardian_invitations.public_id', '=', publicId)
      .executeTakeFirst();
  },

  /** A new link (token and lifetime) for an invitation not accepted or cancelled: the old link stops working. False when there is none such. */
  async renew(trx: Executor, publicId: string, { tokenHash, now, expiresAt }: { tokenHash: string; now: string; expiresAt: string }): Promise<boolean> {
    const renewed = await trx
      .updateTable('guardian_invitations')
      .set({ token_hash: tokenHash, sent_at: now, expires_at: expiresAt })
      .where('public_id', '=', publicId)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) > 0;
  },

  /** Cancels an invitation not yet accepted; false when there is none such. */
  async cancel(trx: Executor, publicId: string, now: string): Promise<boolean> {
    const cancelled = await trx
      .updateTable('guardian_invitations')
      .set({ cancelled_at: now })
      .where('public_id', '=', publicId)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return Number(cancelled.numUpdatedRows) > 0;
  },

  /** The student's first name, or undefined when there is no such student. */
  student(db: Executor, studentId: string) {
    return db.selectFrom('students').select(['id', 'first_name']).where('id', '=', studentId).executeTakeFirst();
  },

  /** A class's students with the parent addresses of their records. */
  classRecords(db: Executor, classId: string) {
    return db
      .selectFrom('students')
      .select(['id', 'first_name', 'email_mother', 'email_father', 'email_guardian'])
      .where('class_id', '=', classId)
      .orderBy('id')
      .execute();
  },

  /** For the students of a class: the addresses already linked (live links) and those with an open invitation, each as `student|address`. */
  async takenAddresses(db: Executor, classId: string, now: string): Promise<Set<string>> {
    const linked = await db
      .selectFrom('guardian_links')
      .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
      .innerJoin('students', 'students.id', 'guardian_links.student_id')
      .select(['guardian_links.student_id', 'guardians.email'])
      .where('students.class_id', '=', classId)
      .where('guardian_links.revoked_at', 'is', null)
      .execute();
    const invited = await db
      .selectFrom('guardian_invitations')
      .innerJoin('students', 'students.id', 'guardian_invitations.student_id')
      .select(['guardian_invitations.student_id', 'guardian_invitations.email'])
      .where('students.class_id', '=', classId)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return new Set([...linked, ...invited].map((row) => `${row.student_id}|${row.email}`));
  },
};
