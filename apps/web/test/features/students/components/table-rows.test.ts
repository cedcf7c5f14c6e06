import { describe, expect, it } from 'vitest';
import type { StudentRow } from '../../../../src/features/students/api/get-students.ts';
import { matchingRows, nextSort, searchTextOf, searchWords, sortedRows, tableRows } from '../../../../src/features/students/components/table-rows.ts';

const student = (id: string, last_name: string | null, first_name: string, extra: Partial<StudentRow> = {}): StudentRow => ({
  id,
  first_name,
  last_name,
  class_id: '1B',
  date_of_birth: '2013-09-14',
  birth_certificate_no: '300004211',
  updatedAt: '2026-09-01T00:00:00.000Z',
  ...extra,
});
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe('the students table’s rows', () => {
  it('show the name as last name, comma, first name, and search every shown column in lower case', () => {
    const [kezia, nameless] = tableRows([student('20260042', 'Charles', 'Kezia'), student('20260043', null, 'Anya', { class_id: null })]);
    expect(kezia.name).toBe('Charles, Kezia');
    expect(kezia.searchText).toBe('20260042 charles, kezia 1b 2013-09-14 300004211');
    expect(nameless.name).toBe('Anya');
    expect(nameless.searchText).toBe('20260043 anya 2013-09-14 300004211');
  });

  it('read the typed text as lower-case words split at spaces', () => {
    expect(searchWords('  Charles   4A ')).toEqual(['charles', '4a']);
    expect(searchWords('')).toEqual([]);
    expect(searchTextOf(['20260042', 'Charles', null, undefined, ''])).toBe('20260042 charles');
  });

  it('find a student by any of her columns, whatever the case, every word in some column and none across two', () => {
    const rows = tableRows([student('20260042', 'Charles', 'Kezia'), student('20260050', 'Mohammed', 'Aaliyah', { class_id: '2B' })]);
    const found = (text: string) => ids(matchingRows(rows, searchWords(text)));
    expect(found('KEZIA')).toEqual(['20260042']);
    expect(found('charles 1b')).toEqual(['20260042']);
    expect(found('2013-09-14 0050')).toEqual(['20260050']);
    expect(found('300004211')).toEqual(['20260042', '20260050']);
    expect(found('kezia 2B')).toEqual([]);
    expect(found('kezia1b')).toEqual([]);
    expect(found(' ')).toEqual(['20260042', '20260050']);
  });

  it('come newest change first until a column is chosen, then by that column with empty values last', () => {
    const rows = tableRows([
      student('20260003', 'Baptiste', 'Ria', { updatedAt: '2026-09-02T00:00:00.000Z', class_id: '10A' }),
      student('20260001', null, 'Anya', { updatedAt: '2026-09-03T00:00:00.000Z', class_id: null }),
      student('20260002', 'Charles', 'Kezia', { updatedAt: '2026-09-01T00:00:00.000Z', class_id: '2A' }),
    ]);
    expect(ids(sortedRows(rows, null))).toEqual(['20260001', '20260003', '20260002']);
    expect(ids(sortedRows(rows, { field: 'id', direction: 'asc' }))).toEqual(['20260001', '20260002', '20260003']);
    expect(ids(sortedRows(rows, { field: 'id', direction: 'desc' }))).toEqual(['20260003', '20260002', '20260001']);
    // Numbers within a value sort as numbers: 2A before 10A.
    expect(ids(sortedRows(rows, { field: 'class_id', direction: 'asc' }))).toEqual(['20260002', '20260003', '20260001']);
    expect(ids(sortedRows(rows, { field: 'class_id', direction: 'desc' }))).toEqual(['20260003', '20260002', '20260001']);
    expect(ids(sortedRows(rows, { field: 'name', direction: 'asc' }))).toEqual(['20260001', '20260003', '20260002']);
    expect(ids(rows)).toEqual(['20260003', '20260001', '20260002']);
  });

  it('sort by a header ascending, then descending, then in the table’s own order again', () => {
    expect(nextSort(null, 'id')).toEqual({ field: 'id', direction: 'asc' });
    expect(nextSort({ field: 'id', direction: 'asc' }, 'id')).toEqual({ field: 'id', direction: 'desc' });
    expect(nextSort({ field: 'id', direction: 'desc' }, 'id')).toBeNull();
    expect(nextSort({ field: 'id', direction: 'desc' }, 'name')).toEqual({ field: 'name', direction: 'asc' });
  });
});
