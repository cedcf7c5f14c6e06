import { emailPattern, parentsShown, type FieldValue } from '@school/contract';

/** The record's fields a message's addresses come from (decision 047), and nothing else of it. */
export const addressFields = ['email', 'living_status', 'email_mother', 'email_father', 'email_guardian'] as const;
export type AddressFields = Record<(typeof addressFields)[number], FieldValue>;

const address = (value: FieldValue) => (typeof value === 'string' && emailPattern.test(value.trim()) && value.trim().length <= 254 ? value.trim() : null);

/**
 * The e-mail addresses of the parents or guardian the student lives with (her living status), and
 * hers too when `student` is set: each valid address once, whatever its case.
 */
export function recipientsOf(record: AddressFields, { student }: { student: boolean }): string[] {
  const candidates = [...(student ? [record.email] : []), ...parentsShown(record.living_status).map((who) => record[`email_${who}`])];
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const candidate of candidates) {
    const valid = address(candidate);
    if (valid && !seen.has(valid.toLowerCase())) {
      seen.add(valid.toLowerCase());
      addresses.push(valid);
    }
  }
  return addresses;
}
