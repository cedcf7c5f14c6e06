import { gridClasses, type GetApplyQuickFilterFn, type GridApi, type GridValidRowModel } from '@mui/x-data-grid';
import type { FormEvent, RefObject } from 'react';

/**
 * The words of the students table's search box: what the admin typed, split at spaces. The grid's
 * own search box and `searchAtOnce` both read the text with it, so they always agree.
 */
export const searchWords = (text: string): string[] => text.split(' ').filter((word) => word !== '');

/** What the search looks in for a row: every column the table shows, in lower case, made once per list. */
export const searchTextOf = (values: Array<string | null | undefined>): string =>
  values
    .filter((value) => value)
    .join(' ')
    .toLowerCase();

/**
 * The table's quick filter, on one column for the whole row: a row matches a word when its search
 * text (`searchTextOf`) holds it, whatever the case. The grid's own filter asks every column of
 * every row for its shown value and tests it with a regular expression, some 10,000 calls per key
 * for 2,000 students; this is one look per row.
 */
export const matchesSearchText =
  <Row extends GridValidRowModel & { searchText: string }>(): GetApplyQuickFilterFn<Row> =>
  (word) => {
    const needle = String(word).toLowerCase();
    return needle ? (_value, row) => row.searchText.includes(needle) : null;
  };

/** For the columns the search does not look in one by one: `matchesSearchText` covers them. */
export const notSearchedAlone = () => null;

/**
 * The search box's input, caught as it bubbles up from the grid's toolbar: the rows are filtered
 * in the same turn as the typed letter, so the two are drawn in one frame. The grid's own search
 * box waits a timer turn at least (its debounce), which drew the rows a frame later; it still
 * commits the same words afterwards, which the grid then finds unchanged.
 */
export function searchAtOnce(apiRef: RefObject<GridApi | null>) {
  return (event: FormEvent<HTMLElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.closest(`.${gridClasses.toolbarQuickFilter}`)) return;
    apiRef.current?.setQuickFilterValues(searchWords(input.value));
  };
}

let measuredScrollbarWidth: number | undefined;

/**
 * The width of this browser's scrollbars (0 where they float over the page, as on phones),
 * measured once. The grid otherwise measures it again whenever the rows' height changes, as at
 * most search keys, forcing the browser to lay the page out in the middle of the key's work.
 */
export function scrollbarWidth(): number {
  if (measuredScrollbarWidth === undefined) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
    document.body.appendChild(probe);
    measuredScrollbarWidth = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return measuredScrollbarWidth;
}
