import { gridClasses, type GridApi } from '@mui/x-data-grid';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { matchesSearchText, searchAtOnce, searchTextOf, searchWords } from '../../src/features/students/components/table-search.ts';

type Row = { id: string; searchText: string };
const row = (values: Array<string | null>): Row => ({ id: String(values[0]), searchText: searchTextOf(values) });
const matches = (words: string[], candidate: Row) =>
  words.every((word) => {
    const test = matchesSearchText<Row>()(word, {} as never, {} as never);
    return test ? test(null as never, candidate, {} as never, {} as never) : true;
  });

describe('the students table’s search', () => {
  it('reads the typed text as words split at spaces, as the grid’s own search box does', () => {
    expect(searchWords('  Charles   4A ')).toEqual(['Charles', '4A']);
    expect(searchWords('')).toEqual([]);
  });

  it('finds a row by any of its columns, whatever the case, every word in some column', () => {
    const kezia = row(['20260042', 'Charles, Kezia', '1B', '2013-09-14', '300004211']);
    expect(kezia.searchText).toBe('20260042 charles, kezia 1b 2013-09-14 300004211');
    expect(matches(['KEZIA'], kezia)).toBe(true);
    expect(matches(['charles', '1b'], kezia)).toBe(true);
    expect(matches(['2013-09-14', '0042'], kezia)).toBe(true);
    expect(matches(['300004211'], kezia)).toBe(true);
    expect(matches(['kezia', '2B'], kezia)).toBe(false);
    // A word never spans two columns.
    expect(matches(['kezia1b'], kezia)).toBe(false);
  });

  it('leaves out the columns a student has no value in', () => {
    expect(searchTextOf(['20260042', 'Charles', null, undefined, ''])).toBe('20260042 charles');
  });

  it('filters the rows at once from the grid’s search box, and from no other box of the grid', () => {
    const setQuickFilterValues = vi.fn();
    const apiRef = { current: { setQuickFilterValues } as unknown as GridApi };
    render(
      <div onInput={searchAtOnce(apiRef)}>
        <div className={gridClasses.toolbarQuickFilter}>
          <input role="searchbox" aria-label="Search" />
        </div>
        <input aria-label="Value" />
      </div>,
    );
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'Charles 1B ' } });
    expect(setQuickFilterValues).toHaveBeenCalledWith(['Charles', '1B']);
    fireEvent.input(screen.getByRole('textbox', { name: 'Value' }), { target: { value: 'Kezia' } });
    expect(setQuickFilterValues).toHaveBeenCalledTimes(1);
  });
});
