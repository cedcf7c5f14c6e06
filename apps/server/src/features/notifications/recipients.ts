import { emailPattern, guardianMessageKinds, parentsShown, type FieldValue } from '@school/contract';

/** The record's fields a message's addresses come from (decision 047), and nothing else of it. */
export const addressFields = ['email', 'living_status', 'email_mother', 'email_father', 'email_guardian'] as const;
export type AddressFields = Record<(typeof addressFields)[number], FieldValue>;

const address = (value: FieldValue) => (typeof value === 'string' && emailPattern.test(value.trim()) && value.trim().length <= 254 ? value.trim() : null);

/** A guardian a message about a girl may go to: her verified address and the kinds she wants. */
export type FamilyMember = { guardianId: number; email: string; kinds: string[] };
/**
 * A girl's family as the portal knows it (decision 064): whether she has any live link (a
 * restricted one counts), and the guardians with a live, unrestricted link whose account is open.
 */
export type Family = { linked: boolean; guardians: FamilyMember[] };
export const noFamily: Family = { linked: false, guardians: [] };

/** Whether a guardian gets a message of `kind`: a kind she may choose (decision 064) if she chose it; any other kind always. */
const wants = (guardian: FamilyMember, kind: string) => !(guardianMessageKinds as readonly string[]).includes(kind) || guardian.kinds.includes(kind);

/** Where one message goes: an address, and the guardian it belongs to when it is a guardian's. */
export type Recipient = { recipient: string; guardian_id: number | null };

/**
 * Where a message of `kind` about a girl goes (decision 064), each valid address once whatever its
 * case: hers when `student` is set; then, once she has any live link, each unrestricted guardian
 * who wants that kind (every one, for a kind she does not choose), at her verified address; while
 * she has none, the record's addresses of the parents or guardian she lives with (her living status).
 */
export function recipientsOf(record: AddressFields, family: Family, { student, kind }: { student: boolean; kind: string }): Recipient[] {
  const fromRecord = (value: FieldValue): Recipient => ({ recipient: typeof value === 'string' ? value : '', guardian_id: null });
  const candidates: Recipient[] = [
    ...(student ? [fromRecord(record.email)] : []),
    ...(family.linked
      ? family.guardians.filter((guardian) => wants(guardian, kind)).map((guardian) => ({ recipient: guardian.email, guardian_id: guardian.guardianId }))
      : parentsShown(record.living_status).map((who) => fromRecord(record[`email_${who}`]))),
  ];
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const candidate of candidates) {
    const valid = address(candidate.recipient);
    if (valid && !seen.has(valid.toLowerCase())) {
      seen.add(valid.toLowerCase());
      recipients.push({ ...candidate, recipient: valid });
    }
  }
  return recipients;
}
