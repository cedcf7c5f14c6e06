import { contactFieldLabel } from '@school/contract';
import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { contactChangeAnsweredMessage, contactChangeReceivedMessage, contactChangeToOfficeMessage, enqueueMessages } from '../notifications/index.ts';

type School = Pick<Config, 'schoolName' | 'portalUrl' | 'officeEmail'>;
/** Whom a change's messages concern: the girl, the guardian who sent it, and the change's public ID (its messages' event). */
type About = { studentId: string; firstName: string; guardianId: number; guardianEmail: string; changeId: string };

/**
 * A change sent (decision 066), in its transaction: a receipt to the guardian at her verified
 * address, so that changes she did not send cannot pass unseen, and a note to the school office
 * (`OFFICE_EMAIL`, when set). Both name the details, never their values.
 */
export async function tellChangeSent(trx: Executor, config: School, actor: Actor, about: About & { guardianName: string; fields: string[] }): Promise<void> {
  const labels = about.fields.map(contactFieldLabel);
  const receipt = contactChangeReceivedMessage(config, { firstName: about.firstName, labels });
  const toOffice = config.officeEmail
    ? [
        {
          recipient: config.officeEmail,
          guardian_id: null,
          composed: contactChangeToOfficeMessage(config, { firstName: about.firstName, studentId: about.studentId, guardianName: about.guardianName, labels }),
        },
      ]
    : [];
  await enqueueMessages(
    trx,
    actor,
    [{ recipient: about.guardianEmail, guardian_id: about.guardianId, composed: receipt }, ...toOffice].map(({ recipient, guardian_id, composed }) => ({
      kind: 'family_account' as const,
      recipient,
      guardian_id,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `contact-change.sent:${about.changeId}`,
      student_id: about.studentId,
    })),
  );
}

/** The office's answer (decision 066), in its transaction: told to the guardian who sent the change, naming what was approved and declined. */
export async function tellChangeAnswered(
  trx: Executor,
  config: School,
  actor: Actor,
  about: About & { approved: string[]; declined: string[] },
): Promise<void> {
  const composed = contactChangeAnsweredMessage(config, {
    firstName: about.firstName,
    approved: about.approved.map(contactFieldLabel),
    declined: about.declined.map(contactFieldLabel),
  });
  await enqueueMessages(trx, actor, [
    {
      kind: 'family_account',
      recipient: about.guardianEmail,
      guardian_id: about.guardianId,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `contact-change.answered:${about.changeId}`,
      student_id: about.studentId,
    },
  ]);
}
