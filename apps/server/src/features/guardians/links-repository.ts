import type { GuardianRelationship, LinkVerification } from '@school/contract';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.ts';

/** A random public ID (96 bits, URL-safe): what URLs and answers name a guardian, a link or an invitation by (decision 062). */
export const newPublicId = (): string => randomBytes(12).toString('base64url');

export type NewLink = { guardianId: number; studentId: string; relationship: GuardianRelationship; verifiedBy: LinkVerification; now: string };

/** Guardians' links to students (decision 062). */
export const linksRepository = {
  /**
   * Makes the guardian's link to the student live, in the caller's transaction: a new row, or a
   * revoked one made live again with how it was verified now (a restriction the office set stays).
   * Answers the link's public ID and whether it was not live before; two calls at once for one pair
   * make one link, and only one of them answers `added`.
   */
  async makeLive(trx: Executor, link: NewLink): Promise<{ publicId: string; added: boolean }> {
    const inserted = await trx
      .insertInto('guardian_links')
      .values({
        public_id: newPublicId(),
        guardian_id: link.guardianId,
        student_id: link.studentId,
        relationship: link.relationship,
        verified_by: link.verifiedBy,
        created_at: link.now,
      })
      .onConflict((conflict) => conflict.columns(['guardian_id', 'student_id']).doNothing())
      .returning('public_id')
      .executeTakeFirst();
    if (inserted) return { publicId: inserted.public_id, added: true };
    const revived = await trx
      .updateTable('guardian_links')
      .set({ revoked_at: null, relationship: link.relationship, verified_by: link.verifiedBy, created_at: link.now })
      .where('guardian_id', '=', link.guardianId)
      .where('student_id', '=', link.studentId)
      .where('revoked_at', 'is not', null)
      .returning('public_id')
      .executeTakeFirst();
    if (revived) return { publicId: revived.public_id, added: true };
    const live = await trx
      .selectFrom('guardian_links')
      .select('public_id')
      .where('guardian_id', '=', link.guardianId)
      .where('student_id', '=', link.studentId)
      .executeTakeFirstOrThrow();
    return { publicId: live.public_id, added: false };
  },

  /**
   * What a new link's notices say and whom they go to: the girl's first name, the guardian's name
   * and public ID, and the other guardians with a live, unrestricted link to her. Undefined when
   * the girl or the guardian is gone.
   */
  async noticeFacts(db: Executor, guardianId: number, studentId: string) {
    // One after another: `db` is often the transaction of the link, one connection.
    const student = await db.selectFrom('students').select('first_name').where('id', '=', studentId).executeTakeFirst();
    const guardian = await db.selectFrom('guardians').select(['display_name', 'public_id']).where('id', '=', guardianId).executeTakeFirst();
    const others = await db
      .selectFrom('guardian_links')
      .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
      .select(['guardians.id', 'guardians.email'])
      .where('guardian_links.student_id', '=', studentId)
      .where('guardian_links.guardian_id', '!=', guardianId)
      .where('guardian_links.revoked_at', 'is', null)
      .where('guardian_links.restricted', '=', 0)
      .where('guardians.disabled', '=', 0)
      .orderBy('guardians.id')
      .execute();
    if (!student || !guardian) return undefined;
    return { firstName: String(student.first_name ?? ''), guardianName: guardian.display_name, guardianPublicId: guardian.public_id, others };
  },
};
