import {
  fieldByName,
  fieldHeader,
  phoneText,
  progressSteps,
  shownFieldValue,
  studentFields,
  type CodeNames,
  type FieldDef,
  type FieldValue,
} from '@school/contract';
import type { SheetColumn } from '../../lib/xlsx/index.ts';
import { changedFields } from '../school-year/index.ts';
import type { StudentWithProgress } from './repository.ts';

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
    case 'reference':
      return { header, value: (row) => shownFieldValue(field, raw(row), names) };
    default:
      return { header, value: (row) => raw(row) as string | null, width: field.max && field.max > 100 ? 40 : undefined };
  }
}

/** The progress columns: whether each step is complete ('Family Data Complete'), and whether the registration was submitted. */
const progressColumns = progressSteps.map(({ key, label }) => [key, key === 'submit' ? 'Submitted' : `${label} Complete`] as const);

/**
 * The labels of the fields she changed since her registration of last year was kept ('Allergies,
 * E-mail'), or null for a student who has none kept (a first-year student) or changed nothing.
 * Worked out once per student for a whole workbook, from the first sheet that has her kept record
 * (All Students): her later row, in her form's sheet, only looks it up, so the workbook reads and
 * compares each kept record once.
 */
function changedSinceLastYear(): (row: StudentWithProgress) => string | null {
  const known = new Map<string, string | null>();
  return (row) => {
    if (known.has(row.id) || !row.last_year_record) return known.get(row.id) ?? null;
    const before = JSON.parse(row.last_year_record) as Record<string, FieldValue>;
    const labels = changedFields(before, row).map((name) => fieldHeader(fieldByName.get(name)!));
    known.set(row.id, labels.length ? labels.join(', ') : null);
    return known.get(row.id)!;
  };
}

/**
 * Every column of the registration spreadsheet (decision 024): the student ID, every field of
 * the contract's field list under the wizard's label, the agreement, progress through the six
 * steps, when the record last changed, and what she changed since last year. Make one set of
 * columns per workbook: the last column remembers each student's changes from sheet to sheet.
 */
export function registrationColumns(names: CodeNames, formatTime: (iso: string) => string): Array<SheetColumn<StudentWithProgress>> {
  return [
    { header: 'Student ID', value: (row) => row.id, width: 12 },
    ...studentFields.map((field) => fieldColumn(field, names)),
    { header: 'Agreed to Terms and Conditions', value: (row) => yesNo(row.agree_terms_conditions) },
    ...progressColumns.map(([key, header]): SheetColumn<StudentWithProgress> => ({ header, value: (row) => yesNo(row[key] as FieldValue) })),
    { header: 'Last Updated', value: (row) => formatTime(row.updated_at), width: 18 },
    { header: 'Changed since last year', value: changedSinceLastYear(), width: 40 },
  ];
}
