import { phonePrefix } from './limits.ts';
import type { ParentsContactRow } from './responses/admin-data.ts';

/** A phone number as the portal writes it: 1868-555-1234 (SPEC §9), or null when there is none. */
export const phoneText = (digits: string | number | null | undefined): string | null =>
  typeof digits === 'string' && digits !== '' ? `${phonePrefix}-${digits.slice(0, 3)}-${digits.slice(3)}` : null;

/** One labelled number of a contact: 'Mobile' or 'Home', as the record's field says. */
export type ContactPhone = { label: 'Mobile' | 'Home'; number: string };

/** One column of a student's Parents Contact entry: who, with her numbers and e-mail. */
export type ContactPerson = {
  column: 'Mother' | 'Father' | 'Guardian' | 'Emergency contact';
  name: string | null;
  note: string | null;
  phones: ContactPhone[];
  email: string | null;
};

const phones = (mobile: string | null, home: string | null): ContactPhone[] => [
  ...(mobile ? [{ label: 'Mobile' as const, number: phoneText(mobile)! }] : []),
  ...(home ? [{ label: 'Home' as const, number: phoneText(home)! }] : []),
];

/**
 * The people of a student's Parents Contact entry, in the columns of the screen and the PDF, each
 * number under the label of the field it comes from (the emergency contact's is her home phone):
 * both read this one list, so that they never label a number differently.
 */
export function contactPeople(row: ParentsContactRow): ContactPerson[] {
  return [
    { column: 'Mother', name: row.mother_name, note: null, phones: phones(row.mobile_phone_mother, row.mother_home_phone), email: row.email_mother },
    { column: 'Father', name: row.father_name, note: null, phones: phones(row.mobile_phone_father, row.father_home_phone), email: row.email_father },
    { column: 'Guardian', name: row.guardian_name, note: null, phones: phones(row.mobile_phone_guardian, row.home_phone_guardian), email: row.email_guardian },
    { column: 'Emergency contact', name: row.emergency_contact, note: row.relation_to_child, phones: phones(null, row.emergency_home_phone), email: null },
  ];
}

/** Whether a contact column has anything to show. */
export const hasContact = (person: ContactPerson): boolean => Boolean(person.name || person.phones.length > 0 || person.email);
