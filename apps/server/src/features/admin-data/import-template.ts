import { studentImportColumns, type StudentImportField } from '@school/contract';
import type { Readable } from 'node:stream';
import { workbookStream, type SheetSpec } from '../../lib/xlsx/index.ts';
import { EARLIEST_BIRTH, maxOf, neededForNewStudents } from './import-rows.ts';

/** What a column holds beyond whether it is needed and how long it may be. */
const holds: Record<StudentImportField, string> = {
  id: 'The ID she signs in with: letters, digits and hyphens. Each student once.',
  first_name: '',
  last_name: '',
  middle_name: '',
  sex: 'F or M.',
  date_of_birth: `A date or yyyy-MM-dd, from ${EARLIEST_BIRTH} on. Her first password is this date as yyyymmdd.`,
  class_id: 'A class of the portal, e.g. 1A.',
  house_code: "A house's code or name, e.g. A or St. Anne.",
  birth_certificate_no: 'The electronic birth certificate PIN.',
  school_account:
    "Her address at the school's Microsoft 365 or Google, with which she may sign in; never an address she typed herself. Left empty, she has none.",
};

/** A column's explanation, from the rules the import applies: whether it is needed, what it holds, its length. */
function explanation(field: StudentImportField): string {
  const needed = field === 'id' ? 'Required.' : neededForNewStudents.some((needed) => needed === field) ? 'Required for a new student.' : 'Optional.';
  const length = field === 'sex' || field === 'date_of_birth' ? '' : `At most ${maxOf(field)} characters.`;
  return [needed, holds[field], length].filter(Boolean).join(' ');
}

type Explanation = { column: string; meaning: string };

/**
 * The Import Students template (decision 025): a sheet with the columns' headers to fill in, and
 * a second sheet that explains each column. A column left out of a file leaves that field as it is.
 */
export function studentImportTemplate(): Readable {
  const sheets: [SheetSpec<never>, SheetSpec<Explanation>] = [
    {
      name: 'Students',
      columns: studentImportColumns.map((column) => ({ header: column.header, value: () => null, width: Math.max(14, column.header.length + 4) })),
      rows: [],
    },
    {
      name: 'Columns',
      columns: [
        { header: 'Column', value: (row) => row.column, width: 24 },
        { header: 'What it holds', value: (row) => row.meaning, width: 100 },
      ],
      rows: [
        ...studentImportColumns.map((column) => ({ column: column.header, meaning: explanation(column.field) })),
        { column: 'Mode', meaning: '"Add new students" refuses an ID already in the portal; "Add or update" updates only the columns the file has.' },
      ],
    },
  ];
  return workbookStream<[never, Explanation]>(sheets);
}
