import { studentFields, type FieldValue } from '@school/contract';

/** Every field of the Health Data step (SPEC §3's health flags and health text): what the retention rule erases of a record. */
export const healthFields = studentFields.filter((field) => field.step === 'healthData');

/** A health field's empty value: a switch off (its column is NOT NULL), a text field empty. */
const emptyValue = (kind: string): 0 | null => (kind === 'flag' ? 0 : null);

/** The health fields emptied: the values an erasure writes over a record. */
export const erasedHealthValues: Readonly<Record<string, 0 | null>> = Object.fromEntries(healthFields.map((field) => [field.name, emptyValue(field.kind)]));

/** How many health fields of a record (or a snapshot of one) hold a value: a switch on, or text. */
export function healthFieldsHeld(record: Readonly<Record<string, FieldValue | undefined>>): number {
  return healthFields.filter((field) => {
    const value = record[field.name];
    return field.kind === 'flag' ? Number(value) === 1 : value !== null && value !== undefined && String(value).trim() !== '';
  }).length;
}

/**
 * The day a leaver's data is due to be erased: `years` full years after the day she left
 * ('yyyy-MM-dd'). A 29 February's anniversary in a year without one is 1 March.
 */
export function retentionDueOn(leftOn: string, years: number): string {
  const [year, month, day] = leftOn.split('-').map(Number);
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
}
