import { fieldHeader, phoneText, progressSteps, studentFields, type FieldDef, type FieldValue } from '@school/contract';
import type { SheetColumn } from '../../lib/xlsx/index.ts';
import type { StudentWithProgress } from './repository.ts';

/** Names for the codes a record stores, so a sheet or a report shows words. */
export type CodeNames = { religions: Map<string, string>; ethnicGroups: Map<string, string>; houses: Map<string, string> };

const yesNo = (value: FieldValue | undefined) => (value === 1 ? 'Yes' : 'No');

/** A field's value as a sheet shows it: names for codes, Yes/No for flags, real dates, numbers for counts. */
function fieldColumn(field: FieldDef, names: CodeNames): SheetColumn<StudentWithProgress> {
  const header = fieldHeader(field);
  const raw = (row: StudentWithProgress) => row[field.name];
  switch (field.kind) {
    case 'flag':
      return { header, value: (row) => yesNo(raw(row)) };
    case 'date':
      return { header, type: 'date', value: (row) => raw(row) as string | null, width: Math.max(12, header.length + 2) };
    case 'count':
      return { header, type: 'number', value: (row) => (raw(row) === null || raw(row) === '' ? null : Number(raw(row))) };
    case 'phone':
      return { header, value: (row) => phoneText(raw(row)), width: Math.max(14, header.length + 2) };
    case 'reference': {
      const list =
        field.list === 'religions' ? names.religions : field.list === 'ethnicGroups' ? names.ethnicGroups : field.list === 'houses' ? names.houses : null;
      return { header, value: (row) => (list ? (list.get(String(raw(row))) ?? raw(row)) : raw(row)) as string | null };
    }
    default:
      return { header, value: (row) => raw(row) as string | null, width: field.max && field.max > 100 ? 40 : undefined };
  }
}

/** The progress columns: whether each step is complete ('Family Data Complete'), and whether the registration was submitted. */
const progressColumns = progressSteps.map(({ key, label }) => [key, key === 'submit' ? 'Submitted' : `${label} Complete`] as const);

/**
 * Every column of the registration spreadsheet (decision 024): the student ID, every field of
 * the contract's field list under the wizard's label, the agreement, progress through the six
 * steps, and when the record last changed.
 */
export function registrationColumns(names: CodeNames, formatTime: (iso: string) => string): Array<SheetColumn<StudentWithProgress>> {
  return [
    { header: 'Student ID', value: (row) => row.id, width: 12 },
    ...studentFields.map((field) => fieldColumn(field, names)),
    { header: 'Agreed to Terms and Conditions', value: (row) => yesNo(row.agree_terms_conditions) },
    ...progressColumns.map(([key, header]): SheetColumn<StudentWithProgress> => ({ header, value: (row) => yesNo(row[key] as FieldValue) })),
    { header: 'Last Updated', value: (row) => formatTime(row.updated_at), width: 18 },
  ];
}
