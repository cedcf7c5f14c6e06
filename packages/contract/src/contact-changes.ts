import type { GuardianRelationship } from './guardians.ts';
import { phoneText } from './parents-contact.ts';
import { fieldByName, studentFields, type FieldDef } from './student-fields.ts';

/**
 * Contact changes (issue 51, point 2; decision 066): a guardian proposes new values for her own
 * details in a daughter's record, and the school office approves or declines each. The words and
 * rules both apps use.
 */

/**
 * A proposal's state: waiting for the office; answered with every field approved, some, or none;
 * or replaced by newer changes she sent before it was answered.
 */
export const contactChangeStatuses = ['pending', 'approved', 'partly_approved', 'declined', 'replaced'] as const;
export type ContactChangeStatus = (typeof contactChangeStatuses)[number];

/** What the office decides for one field. */
export const contactChangeDecisions = ['approved', 'declined'] as const;
export type ContactChangeDecision = (typeof contactChangeDecisions)[number];

/** Each state in words, as the family and the office read it. */
export const contactChangeStatusLabels: Record<ContactChangeStatus, string> = {
  pending: 'Waiting for the school office',
  approved: 'Approved',
  partly_approved: 'Partly approved',
  declined: 'Declined',
  replaced: 'Replaced by newer changes',
};

/** A field's decision in words; null while the office has not answered. */
export const contactChangeDecisionLabel = (decision: ContactChangeDecision | null): string =>
  decision === 'approved' ? 'Approved' : decision === 'declined' ? 'Declined' : 'Waiting';

/** The state of a proposal once every field is decided. */
export const statusOfDecisions = (decisions: readonly ContactChangeDecision[]): ContactChangeStatus =>
  decisions.every((decision) => decision === 'approved') ? 'approved' : decisions.every((decision) => decision === 'declined') ? 'declined' : 'partly_approved';

/**
 * The fields of a parent section that are a parent's own contact details (SPEC §3): name, home
 * address, occupation, employer (place and address), phones and e-mail. The marital status and the
 * ID card number are not contact details: the office changes them from papers.
 */
const notContactDetails = (who: string) => new Set([`${who}_marital_status`, `id_card_${who}`]);

/** The emergency contact's fields (SPEC §3): name, phone, relative in school, relation to the child. */
export const emergencyContactFields: readonly FieldDef[] = studentFields.filter((field) => field.section === 'Emergency Contact');

/** The parent section a guardian's link names (her mother, father or guardian section); none for 'other'. */
export const parentSectionOf = (relationship: GuardianRelationship): 'mother' | 'father' | 'guardian' | null =>
  relationship === 'other' ? null : relationship;

/**
 * The fields a guardian may propose new values for, in the record's order: her own parent section's
 * contact details (by her link's relationship) and the emergency contact. A link as 'other' names
 * no parent section, so only the emergency contact.
 */
export function contactChangeFields(relationship: GuardianRelationship): FieldDef[] {
  const who = parentSectionOf(relationship);
  const own = who ? studentFields.filter((field) => field.parent === who && !notContactDetails(who).has(field.name)) : [];
  return [...own, ...emergencyContactFields];
}

/** Every field any guardian may propose, by name. */
export const contactChangeFieldNames: ReadonlySet<string> = new Set(
  (['mother', 'father', 'guardian'] as const).flatMap((who) => contactChangeFields(who).map((field) => field.name)),
);

/**
 * The record's fields by which the school reaches a parent, the e-mail and phone numbers of each
 * parent section: a student's own change of one, while a guardian is linked, is told to her
 * guardians (decision 066).
 */
export const parentReachFields: readonly string[] = studentFields
  .filter((field) => field.parent !== undefined && (field.kind === 'email' || field.kind === 'phone'))
  .map((field) => field.name);

/** A field as a contact change names it: 'Mobile Phone (Father)', 'Emergency Contact Phone'. */
export function contactFieldLabel(name: string): string {
  const field = fieldByName.get(name);
  if (!field) return name;
  return field.parent ? `${field.label} (${field.section})` : field.label;
}

/** A value of a change as people read it: a phone number as 1868-620-1234, no value as 'Empty'. */
export const shownContactValue = (name: string, value: string | null): string =>
  value === null ? 'Empty' : fieldByName.get(name)?.kind === 'phone' ? (phoneText(value) ?? value) : value;

/** How many proposals the office's list shows at once, newest first. */
export const contactChangesListed = 200;

/** The words of contact changes, as both apps show them. */
export const contactChangeMessages = {
  /** The family's answer once her changes are sent. */
  sent: (firstName: string) => `Your changes for ${firstName} are with the school office. You will get a message when it answers.`,
  /** Beside it: values she gave that the record holds already, left out. */
  unchangedLeftOut: (labels: string[]) => `Left out, as the record holds ${labels.length === 1 ? 'it' : 'them'} already: ${labels.join(', ')}.`,
  /** Changes with no value at all (422). */
  nothingGiven: 'Type at least one new value.',
  /** Every value she gave is the record's already (422). */
  nothingNew: 'Nothing to send: the record holds each of these values already.',
  /** A value she gave that the record holds already, when nothing else is new (422, per field). */
  alreadyInRecord: 'The record holds this already.',
  /** A field she may not propose: another parent's, or not a contact detail (422, per field). */
  notYours: 'This is not one of your details that you can change here.',
  /** Sent again while earlier changes still wait: they are replaced (the note on the family's screen). */
  replacesEarlier: 'Your earlier changes for her were still waiting; these replace them.',
  /** A proposal that does not exist, or is not for this office (404). */
  noSuchChange: 'There is no such contact change.',
  /** The office's answer did not decide every field, or named one the proposal does not hold (422). */
  decideEach: 'Approve or decline each field of the change.',
  notInChange: 'This field is not part of the change.',
  /** A second answer to a proposal answered already (409). */
  alreadyAnswered: (status: string) => `This change was answered already (${status.toLowerCase()}). It is shown as it stands now.`,
  /** An answer to a proposal the parent replaced by newer changes (409). */
  replaced: 'The parent sent newer changes that replace this one. It is shown as it stands now.',
  /**
   * An approved field that the record's own save changed after the parent proposed it (409): the
   * approval would overwrite a newer value; the other fields of a concurrent save are merged.
   */
  changedSince: (labels: string[]) =>
    `${labels.join(', ')} changed in the record after the parent proposed ${labels.length === 1 ? 'this change' : 'these changes'}, so ${labels.length === 1 ? 'it' : 'they'} cannot be approved. Decline ${labels.length === 1 ? 'it' : 'them'}; the parent can propose again.`,
  /** The office's answer saved. */
  answered: (approved: number, declined: number) =>
    `Answered: ${approved} approved, ${declined} declined.${approved > 0 ? ' The record holds the approved values now.' : ''}`,
} as const;
