import type { GuardianRelationship, LinkVerification } from '@school/contract';
import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { enqueueMessages, linkAddedMessage } from '../notifications/index.ts';
import { linksRepository } from './links-repository.ts';

export type LiveLink = { guardianId: number; studentId: string; relationship: GuardianRelationship; verifiedBy: LinkVerification };

/**
 * Tells of a link just made live (decision 062), in its transaction: the school office
 * (`OFFICE_EMAIL`, when set) and every other guardian with a live, unrestricted link to the girl,
 * each at her own address. A restricted guardian is told nothing about the girl. Answers how many
 * messages were queued.
 */
export async function announceLink(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl' | 'officeEmail'>,
  actor: Actor,
  link: LiveLink,
): Promise<number> {
  const facts = await linksRepository.noticeFacts(trx, link.guardianId, link.studentId);
  if (!facts) return 0;
  const words = {
    firstName: facts.firstName,
    studentId: link.studentId,
    guardianName: facts.guardianName,
    relationship: link.relationship,
    verifiedBy: link.verifiedBy,
  };
  const event = `guardian-link:${link.studentId}:${facts.guardianPublicId}`;
  const toGuardians = facts.others.map((other) => {
    const composed = linkAddedMessage(config, { ...words, toOffice: false });
    return { recipient: other.email, guardian_id: other.id, composed };
  });
  const toOffice = config.officeEmail
    ? [{ recipient: config.officeEmail, guardian_id: null, composed: linkAddedMessage(config, { ...words, toOffice: true }) }]
    : [];
  const messages = [...toOffice, ...toGuardians].map(({ recipient, guardian_id, composed }) => ({
    kind: 'family_account' as const,
    recipient,
    guardian_id,
    subject: composed.subject,
    text_body: composed.text,
    html_body: composed.html,
    event,
    student_id: link.studentId,
  }));
  await enqueueMessages(trx, actor, messages);
  return messages.length;
}
