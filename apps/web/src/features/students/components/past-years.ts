import { academicYearLabel, fieldByName, fieldHeader, type StudentHistory } from '@school/contract';
import { formatDay } from '../../../lib/format-day.ts';

/** One past year as the School Years page lists it, in words. */
export type PastYear = { year: number; label: string; classId: string; submitted: string; changed: string };

/** A field's name for people ('Mother Mobile Phone'), or its record name when the portal no longer knows it. */
const labelOf = (name: string) => {
  const field = fieldByName.get(name);
  return field ? fieldHeader(field) : name;
};

/**
 * The past years of GET /api/student/{id}/history in words, newest first: the year ('2025-2026'),
 * her class, the day she submitted that year's registration, and the labels of the fields she
 * changed in the year after it.
 */
export function pastYears(history: StudentHistory): PastYear[] {
  return history
    .map((entry) => ({
      year: entry.year,
      label: academicYearLabel(entry.year),
      classId: entry.class_id ?? 'No class',
      submitted: entry.submitted_at ? formatDay(entry.submitted_at) : 'Not submitted',
      changed: entry.changed_fields.map(labelOf).join(', ') || 'Nothing',
    }))
    .reverse();
}
