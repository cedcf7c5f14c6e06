import {
  emailPattern,
  fieldByName,
  isRealDate,
  messages,
  studentIdField,
  studentImportColumns,
  todayIso,
  withoutForbiddenCharacters,
  type StudentImportField,
  classIdField,
  limits,
} from '@school/contract';
import { z } from 'zod';
import type { ImportColumn } from '../../lib/xlsx/index.ts';

/**
 * The columns the import reads, each matched by its template header, its aliases and its field
 * name; `mapping` (field → the file's header) replaces the matching of a column the admin mapped.
 */
export function importColumns(mapping: Partial<Record<StudentImportField, string>>): Array<ImportColumn<StudentImportField>> {
  return studentImportColumns.map((column) => {
    const mapped = mapping[column.field];
    if (mapped) return { field: column.field, header: mapped, required: column.field === 'id' };
    return { field: column.field, header: column.header, aliases: [...column.aliases, column.field], required: column.field === 'id' };
  });
}

/** A cell as text: numbers as written (a student ID typed as a number), dates as yyyy-MM-dd. */
function cellText(value: unknown): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  // A character XML 1.0 forbids would break the school's spreadsheets once saved (decision 038).
  const text = withoutForbiddenCharacters(String(value)).trim();
  return text === '' ? null : text;
}

/** Day 0 of Excel's date serial numbers (1899-12-30, so that 1900's fictitious leap day is skipped). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date cell as yyyy-MM-dd: a real date, a date serial number (a cell whose date format a
 * reader did not apply), yyyy-MM-dd, yyyy/MM/dd or yyyymmdd.
 */
function dateText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 100000) {
    return new Date(EXCEL_EPOCH + value * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(value);
  if (text === null) return null;
  const compact = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})$/.exec(text);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
}

/** A house's code or name as a file may give it. */
const HOUSE_MAX = 50;

/** The most characters a column's value may have: the record's limit for the field, or the ID's, class's or house's. */
export function maxOf(field: StudentImportField): number {
  if (field === 'id') return limits.studentId;
  if (field === 'class_id') return limits.classId;
  if (field === 'house_code') return HOUSE_MAX;
  if (field === 'school_account') return limits.schoolAccount;
  return fieldByName.get(field)?.max ?? 20;
}
const optionalText = (field: StudentImportField) =>
  z
    .string()
    .max(maxOf(field), messages.tooLong(maxOf(field)))
    .nullable();

/** The earliest date of birth an admin may enter (SPEC §9). */
export const EARLIEST_BIRTH = '1950-01-01';

/**
 * One row of the file, checked: every imported value with the spec's limits and messages. Which
 * values are needed depends on whether the student is new, so presence is checked afterwards.
 */
export const importRowSchema = z.object({
  // The contract's one ID rule (decision 038): a reserved word such as 'null' is no student's ID.
  id: z.preprocess(cellText, z.string({ message: messages.studentIdMissing }).pipe(studentIdField)),
  first_name: z.preprocess(cellText, optionalText('first_name')),
  last_name: z.preprocess(cellText, optionalText('last_name')),
  middle_name: z.preprocess(cellText, optionalText('middle_name')),
  sex: z.preprocess(
    (value) => {
      const text = cellText(value)?.toUpperCase() ?? null;
      return text === 'FEMALE' ? 'F' : text === 'MALE' ? 'M' : text;
    },
    z.enum(['F', 'M'], { message: messages.sexFOrM }).nullable(),
  ),
  date_of_birth: z.preprocess(
    dateText,
    z
      .string()
      .refine(isRealDate, 'The date of birth must be a date (yyyy-MM-dd).')
      .refine((date) => date >= EARLIEST_BIRTH && date <= todayIso(), `The date of birth must be between ${EARLIEST_BIRTH} and today.`)
      .nullable(),
  ),
  class_id: z.preprocess(cellText, classIdField.nullable()),
  house_code: z.preprocess(cellText, z.string().max(HOUSE_MAX, messages.tooLong(HOUSE_MAX)).nullable()),
  birth_certificate_no: z.preprocess(cellText, optionalText('birth_certificate_no')),
  // Kept in lower case, as the office's own edit keeps it: one address, one account.
  school_account: z.preprocess(
    (value) => cellText(value)?.toLowerCase() ?? null,
    optionalText('school_account').refine((text) => text === null || emailPattern.test(text), messages.invalidEmail),
  ),
});
export type ImportRowValues = z.output<typeof importRowSchema>;

/** The fields a new student must have in the file: the columns the contract marks required, beside the ID every row has. */
export const neededForNewStudents = studentImportColumns.flatMap((column) =>
  'required' in column && column.required && column.field !== 'id' ? [column.field] : [],
) as Array<Exclude<StudentImportField, 'id'>>;
