import { listName } from '@school/contract/names';
import type { StudentRow } from '../api/get-students.ts';

/**
 * A row of the students table: the student with her name as the table shows it, 'Yes' when a parent
 * is linked (else empty), and what the search looks in, made once per list rather than at each search key.
 */
export type TableRow = StudentRow & { name: string; parent_linked: string; searchText: string };

/** The columns the admin may sort by, each a field of the row. */
export type SortField = 'id' | 'name' | 'class_id' | 'parent_linked' | 'date_of_birth' | 'birth_certificate_no';

/** A sort the admin chose by a column's header; `null` is the table's own order, newest change first (SPEC §2). */
export type Sort = { field: SortField; direction: 'asc' | 'desc' } | null;

/** What the search looks in for a row: every column the table shows, in lower case, made once per list. */
export const searchTextOf = (values: Array<string | null | undefined>): string =>
  values
    .filter((value) => value)
    .join(' ')
    .toLowerCase();

/** The list as the table's rows, each with its shown name (last name, comma, first name: SPEC §2) and its search text. */
export const tableRows = (students: StudentRow[]): TableRow[] =>
  students.map((student) => {
    const name = listName(student);
    return {
      ...student,
      name,
      parent_linked: student.has_guardian ? 'Yes' : '',
      searchText: searchTextOf([
        student.id,
        name,
        student.class_id,
        student.date_of_birth,
        student.birth_certificate_no,
        student.left_on && `left on ${student.left_on}`,
      ]),
    };
  });

/** The words of the search box: what the admin typed, in lower case, split at spaces. */
export const searchWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(' ')
    .filter((word) => word !== '');

/** The rows holding every word in some column (a word never spans two), whatever the case; all of them when there is no word. */
export function matchingRows(rows: TableRow[], words: string[]): TableRow[] {
  if (words.length === 0) return rows;
  return rows.filter((row) => words.every((word) => row.searchText.includes(word)));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The rows in the chosen order: by a column, with empty values last either way; or, with no
 * column chosen, the most recently changed first. A new array; ties keep the list's order.
 */
export function sortedRows(rows: TableRow[], sort: Sort): TableRow[] {
  if (!sort) return [...rows].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const { field, direction } = sort;
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = a[field];
    const right = b[field];
    if (!left || !right) return left ? -1 : right ? 1 : 0;
    return sign * collator.compare(left, right);
  });
}

/** The sort after a click on a column's header: ascending, then descending, then the table's own order again. */
export function nextSort(sort: Sort, field: SortField): Sort {
  if (sort?.field !== field) return { field, direction: 'asc' };
  return sort.direction === 'asc' ? { field, direction: 'desc' } : null;
}
