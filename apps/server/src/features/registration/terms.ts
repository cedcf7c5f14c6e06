import type { RegistrationTerms } from '@school/contract/responses';
import { academicYear } from './registration-window.ts';

/**
 * The school's registration terms (decision 026) for the year registered for (its label, e.g.
 * '2027-2028'): each year's agreement names its own year. The server serves them with the record
 * and, when a student agrees, stores this text in `terms_and_conditions` as what she agreed to; no
 * save may write that field itself.
 */
export const registrationTerms = (yearLabel: string): RegistrationTerms => ({
  version: `Registration terms ${yearLabel}`,
  items: termItems,
});

const termItems = [
  'The information I have given in this registration record is true and complete to the best of my knowledge.',
  'I will tell the school office at once if any of it changes, especially contact numbers, the emergency contact and health information.',
  'The school may use this information for the education, safety and welfare of the student, and share health information with staff who need it to care for her.',
  'In an emergency the school may seek medical attention for the student when a parent or guardian cannot be reached.',
  'The student will keep the rules of the school, and her parents or guardians will support the school in upholding them.',
];

/** The text stored with an agreement: the version, then the numbered terms; by default of the year today's date falls in. */
export function agreedTermsText(yearLabel = academicYear(new Date(), 'UTC')): string {
  const terms = registrationTerms(yearLabel);
  return [terms.version, ...terms.items.map((item, index) => `${index + 1}. ${item}`)].join('\n');
}
