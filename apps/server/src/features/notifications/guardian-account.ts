import { guardianAccountMessageKind } from '@school/contract';
import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { guardianAccountMessage, type GuardianAccountMail } from './message-kinds.ts';
import { enqueueMessages } from './service.ts';

/**
 * Queues a mail about a guardian's account (a password reset, an invitation) in the transaction of
 * the event, to the address the link proves. It is sent whatever the school's Notifications
 * settings: it is of no switchable kind (`guardianAccountMessageKind`).
 */
export async function queueGuardianAccountMail(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl'>,
  {
    actor,
    to,
    guardianId,
    studentId,
    event,
    mail,
  }: { actor: Actor; to: string; guardianId: number | null; studentId: string | null; event: string; mail: GuardianAccountMail },
): Promise<void> {
  const composed = guardianAccountMessage(config, mail);
  await enqueueMessages(trx, actor, [
    {
      kind: guardianAccountMessageKind,
      recipient: to,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event,
      student_id: studentId,
      guardian_id: guardianId,
    },
  ]);
}
