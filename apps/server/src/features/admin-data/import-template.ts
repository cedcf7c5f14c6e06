import { studentImportColumns, type StudentImportField } from '@school/contract';
import type { Readable } from 'node:stream';
import { workbookStream, type SheetSpec } from '../../lib/xlsx/index.ts';

/** What each column of the template holds, for its second sheet. */
const explanations: Record<StudentImportField, string> = {
  id: 'Required. The ID she signs in with: letters, digits and hyphens, at most 20 characters. Each student once.',
  first_name: 'Required for a new student. At most 20 characters.',
  last_name: 'Required for a new student. At most 20 characters.',
  middle_name: 'Optional. At most 20 characters.',
  sex: 'F or M.',
  date_of_birth: 'Required for a new student, as a date or yyyy-MM-dd. Her first password is this date as yyyymmdd.',
  class_id: 'A class of the portal, e.g. 1A.',
  house_code: "A house's code or name, e.g. A or St. Anne.",
  birth_certificate_no: 'Optional. The electronic birth certificate PIN, at most 15 characters.',
};

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
        ...studentImportColumns.map((column) => ({ column: column.header, meaning: explanations[column.field] })),
        { column: 'Mode', meaning: '"Add new students" refuses an ID already in the portal; "Add or update" updates only the columns the file has.' },
      ],
    },
  ];
  return workbookStream<[never, Explanation]>(sheets);
}
