import { emailPattern } from '@school/contract';
import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { familyAddressChangedMessage } from './message-kinds.ts';
import { notificationsRepository as repository } from './repository.ts';
import { enqueueMessages } from './service.ts';

/** The record's fields a parent's address for messages comes from while a girl has no linked guardian. */
export const familyAddressFields = ['email_mother', 'email_father', 'email_guardian'] as const;

/** A parent e-mail of the record, as it was and as a save leaves it. */
export type AddressChange = { field: (typeof familyAddressFields)[number]; previous: unknown; next: unknown };

const validAddress = (value: unknown): string | null => (typeof value === 'string' && emailPattern.test(value.trim()) ? value.trim() : null);

/** The changes among `changes` that move a valid address somewhere else (another address, or none). */
export const addressesReplaced = (changes: readonly AddressChange[]): AddressChange[] =>
  changes.filter(({ previous, next }) => {
    const before = validAddress(previous);
    return (
      before !== null &&
      before.toLowerCase() !==
        String(next ?? '')
          .trim()
          .toLowerCase()
    );
  });

/**
 * A girl's change of a parent e-mail of her record (decision 064), in its own transaction: while
 * she has no live link, the record's addresses are where the school's messages go, so each address
 * replaced is told, and the change is written to the audit log, where the office sees it beside the
 * message on Messages. Nothing while she has a link: the record's addresses are then not used.
 * Answers how many notices were queued.
 */
export async function notifyFamilyAddressChanged(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl'>,
  actor: Actor,
  { studentId, firstName, changes }: { studentId: string; firstName: string; changes: AddressChange[] },
): Promise<number> {
  const replaced = addressesReplaced(changes);
  if (replaced.length === 0 || (await repository.familiesOf(trx, [studentId])).has(studentId)) return 0;
  const composed = familyAddressChangedMessage(config, { firstName });
  const recipients = [...new Map(replaced.map(({ previous }) => [validAddress(previous)!.toLowerCase(), validAddress(previous)!])).values()];
  await enqueueMessages(
    trx,
    actor,
    recipients.map((recipient) => ({
      kind: 'family_account' as const,
      recipient,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `family-address.changed:${studentId}`,
      student_id: studentId,
    })),
  );
  await writeAudit(trx, actor, { action: 'family-address.changed', studentId, detail: `fields: ${replaced.map(({ field }) => field).join(', ')}` });
  return recipients.length;
}
