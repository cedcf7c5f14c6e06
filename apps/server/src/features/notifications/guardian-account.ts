import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { guardianAccountMessage, type GuardianAccountMail } from './message-kinds.ts';
import { enqueueMessages } from './service.ts';

/** The events of the family's account mails that carry a single-use link start with this. */
const LINK_EVENTS = 'family-account-link.';
/** Those of her security notices, which carry none (anyone on the staff who reads messages may read them), with this. */
const NOTICE_EVENTS = 'family-account.';

/**
 * Whether a message carries a single-use link for its recipient (a password reset, an invitation):
 * no one on the staff reads its body on Messages, since the link would open her account or make the
 * link for whoever followed it (decision 062). Its state shows in the list like any other.
 */
export const carriesSingleUseLink = (message: { kind: string; event: string }): boolean =>
  message.kind === 'family_account' && message.event.startsWith(LINK_EVENTS);

/**
 * Queues a mail about a guardian's account (a password reset, an invitation, a security notice) in
 * the transaction of the event, to the address the link proves or her own. It is of the kind
 * `family_account`, which the school's Notifications settings do not list or switch off: she could
 * not get in without it, nor learn that someone else did.
 */
export async function queueGuardianAccountMail(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl' | 'schoolTimeZone'>,
  {
    actor,
    to,
    guardianId,
    studentId,
    event,
    mail,
  }: {
    actor: Actor;
    to: string;
    guardianId: number | null;
    studentId: string | null;
    event: `${GuardianAccountMail['kind']}:${string}`;
    mail: GuardianAccountMail;
  },
): Promise<void> {
  const composed = guardianAccountMessage(config, mail);
  await enqueueMessages(trx, actor, [
    {
      kind: 'family_account',
      recipient: to,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `${mail.kind === 'security' ? NOTICE_EVENTS : LINK_EVENTS}${event}`,
      student_id: studentId,
      guardian_id: guardianId,
    },
  ]);
}
