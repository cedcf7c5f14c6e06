import type { StepKey } from './progress-steps.ts';
import { studentFields, type FieldDef } from './student-fields.ts';

/*
 * The record's rules that need no schema library: what a value is, the days a date may take, which
 * parent sections the living status shows and which fields it makes required. A form can draw
 * and mark its fields with these alone; the schemas that judge a value (student-schema.ts) build on them.
 */

/** A value of the record as the API carries it: text fields are strings or null, flags 0 or 1. */
export type FieldValue = string | number | null;
export type StudentRecord = Record<string, FieldValue> & { id: string; updatedAt: string };

/** A plausible e-mail address: what the record accepts and what a message may be sent to. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Today's date as yyyy-MM-dd in UTC; the school (UTC-4) is never ahead of it. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** The same day `years` years before `today` (yyyy-MM-dd); 29 February falls back to the 28th. */
function yearsBefore(today: string, years: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year - years, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Decision 027: a secondary student was born 9 to 25 years before today (both ends included). */
export function birthDateRange(today = todayIso()): { earliest: string; latest: string } {
  // Asked for at every save's check of the date of birth: worked out once a day.
  if (lastRange.today !== today) Object.assign(lastRange, { today, range: Object.freeze({ earliest: yearsBefore(today, 25), latest: yearsBefore(today, 9) }) });
  return lastRange.range;
}
const lastRange = { today: '', range: { earliest: '', latest: '' } };

/** Whether a text is a real day written yyyy-MM-dd: the one rule, in `days.ts`. */
export { isRealDate } from './days.ts';

/** Which parent sections the living status shows (SPEC §4). */
export function parentsShown(livingStatus: FieldValue): Array<'mother' | 'father' | 'guardian'> {
  switch (livingStatus) {
    case 'Both Parents':
      return ['mother', 'father'];
    case 'Father Only':
      return ['father'];
    case 'Mother Only':
      return ['mother'];
    case 'Guardian':
      return ['guardian'];
    default:
      return [];
  }
}

/** Whether a value is filled in (not null, missing or empty). */
export const filled = (value: FieldValue | undefined) => value !== null && value !== undefined && value !== '';

/**
 * Whether the record needs this field filled in: a required field always, a parent's or
 * guardian's name when the living status shows that section (SPEC §4).
 */
export function isFieldRequired(field: FieldDef, record: Record<string, FieldValue>): boolean {
  if (field.required) return true;
  return field.parent !== undefined && field.name === `${field.parent}_name` && parentsShown(record.living_status ?? null).includes(field.parent);
}

/** How a step's state names a field: parent fields with their section ("Mother: Name"). */
export const fieldTitle = (field: FieldDef): string => (field.parent ? `${field.section}: ${field.label}` : field.label);

const byStep = new Map<StepKey, FieldDef[]>();
/** The fields of one step, in the record's order. */
export const fieldsOfStep = (key: StepKey): FieldDef[] => {
  let fields = byStep.get(key);
  if (!fields) byStep.set(key, (fields = studentFields.filter((field) => field.step === key)));
  return fields;
};

/** The fields of one step the record still has to fill in: required by it (as it stands) and empty. */
export const missingFields = (record: Record<string, FieldValue>, key: StepKey): FieldDef[] =>
  fieldsOfStep(key).filter((field) => !filled(record[field.name]) && isFieldRequired(field, record));
