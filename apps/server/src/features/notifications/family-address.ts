import { contactFieldLabel, emailPattern, parentReachFields } from '@school/contract';
import type { Config } from '../../core/config.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../session/actor.ts';
import { writeAudit } from '../audit/index.ts';
import { familyAddressChangedMessage, familyContactChangedMessage } from './message-kinds.ts';
import type { Family } from './recipients.ts';
import { notificationsRepository as repository } from './repository.ts';
import { enqueueMessages } from './service.ts';

/** The record's fields a parent's address for messages comes from while a girl has no linked guardian. */
export const familyAddressFields = ['email_mother', 'email_father', 'email_guardian'] as const;

/**
 * The record's fields by which the school reaches a parent (each section's e-mail and phones): a
 * girl's own change of one is told to her family (decisions 064 and 066).
 */
export const familyContactFields: readonly string[] = parentReachFields;

/** A parent's e-mail or phone of the record, as it was and as a save leaves it. */
export type ContactChange = { field: string; previous: unknown; next: unknown };

const validAddress = (value: unknown): string | null => (typeof value === 'string' && emailPattern.test(value.trim()) ? value.trim() : null);
const isAddressField = (field: string) => (familyAddressFields as readonly string[]).includes(field);

/** The changes among `changes` that move a parent's valid e-mail address somewhere else (another address, or none). */
export const addressesReplaced = (changes: readonly ContactChange[]): ContactChange[] =>
  changes.filter(({ field, previous, next }) => {
    const before = validAddress(previous);
    return (
      isAddressField(field) &&
      before !== null &&
      before.toLowerCase() !==
        String(next ?? '')
          .trim()
          .toLowerCase()
    );
  });

type Told = { trx: Executor; config: Pick<Config, 'schoolName' | 'portalUrl'>; actor: Actor; studentId: string; firstName: string };

/**
 * While she has no live link, the record's addresses are where the school's messages go (decision
 * 064): each address her change replaced is told, without the new one.
 */
async function tellReplacedAddresses({ trx, config, actor, studentId, firstName }: Told, changes: readonly ContactChange[]): Promise<string[]> {
  const replaced = addressesReplaced(changes);
  if (replaced.length === 0) return [];
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
  return replaced.map(({ field }) => field);
}

/**
 * Once she has a live link (decision 066), the record's e-mails are no longer where messages go,
 * but they and its phones are how the school reaches her parents: each guardian with a live,
 * unrestricted link is told which of them she changed (never a value), at her verified address, and
 * may propose a correction. A restricted guardian is told nothing about her (decision 064).
 */
async function tellGuardians({ trx, config, actor, studentId, firstName }: Told, family: Family, changes: readonly ContactChange[]): Promise<string[]> {
  const changed = changes.filter(({ previous, next }) => String(previous ?? '').trim() !== String(next ?? '').trim()).map(({ field }) => field);
  if (changed.length === 0 || family.guardians.length === 0) return [];
  const composed = familyContactChangedMessage(config, { firstName, labels: changed.map(contactFieldLabel) });
  await enqueueMessages(
    trx,
    actor,
    family.guardians.map((guardian) => ({
      kind: 'family_account' as const,
      recipient: guardian.email,
      guardian_id: guardian.guardianId,
      subject: composed.subject,
      text_body: composed.text,
      html_body: composed.html,
      event: `family-contact.changed:${studentId}`,
      student_id: studentId,
    })),
  );
  return changed;
}

/**
 * A girl's own change of a parent's e-mail or phone in her record (decisions 064 and 066), in its
 * own transaction once the save is written: saved as she made it, and told to whoever it concerns.
 * While she has no live link, each parent e-mail it replaced is told (phones are not addresses);
 * once she has one, her unrestricted guardians are told which details changed. Either way the
 * change is written to the audit log, where the office sees it beside the message on Messages.
 * Answers the fields told of.
 */
export async function notifyFamilyContactChanged(
  trx: Executor,
  config: Pick<Config, 'schoolName' | 'portalUrl'>,
  actor: Actor,
  { studentId, firstName, changes }: { studentId: string; firstName: string; changes: ContactChange[] },
): Promise<string[]> {
  if (changes.length === 0) return [];
  const family = (await repository.familiesOf(trx, [studentId])).get(studentId);
  const told = { trx, config, actor, studentId, firstName };
  const fields = family ? await tellGuardians(told, family, changes) : await tellReplacedAddresses(told, changes);
  if (fields.length > 0)
    await writeAudit(trx, actor, {
      action: family ? 'family-contact.changed' : 'family-address.changed',
      studentId,
      detail: `fields: ${fields.join(', ')}`,
    });
  return fields;
}
