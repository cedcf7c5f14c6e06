import { phoneText } from './parents-contact.ts';
import type { FieldDef } from './student-fields.ts';

/** Names for the codes a record stores (religion, ethnic group, house), read from the reference lists. */
export type CodeNames = {
  religions: ReadonlyMap<string, string>;
  ethnicGroups: ReadonlyMap<string, string>;
  houses: ReadonlyMap<string, string>;
};

/** The reference list whose names a field's codes stand for, or null when the field stores words already (a town, a corporation). */
const namesFor = (field: FieldDef, names: CodeNames): ReadonlyMap<string, string> | null =>
  field.list === 'religions' ? names.religions : field.list === 'ethnicGroups' ? names.ethnicGroups : field.list === 'houses' ? names.houses : null;

/** A field's value as people read it: Yes/No for a switch, words for a code, the 1868 number for a phone; null when empty. */
export function shownFieldValue(field: FieldDef, value: unknown, names: CodeNames): string | number | null {
  if (field.kind === 'flag') return value === 1 ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'phone') return phoneText(String(value));
  const list = namesFor(field, names);
  if (list) return list.get(String(value)) ?? String(value);
  return typeof value === 'number' ? value : String(value);
}
