import { useId } from 'react';
import { LightIcon } from './light-icon.tsx';
import './light-screens.css';

type LightPaginationProps = {
  /** How many rows there are in all. */
  count: number;
  /** The page shown, from 0. */
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  /** The choices of rows per page, with their label; with one choice or none, no choice is offered. */
  perPageOptions?: readonly number[];
  perPageLabel?: string;
  onRowsPerPageChange?: (rows: number) => void;
};

/** The foot of a table: how many rows a page shows, which rows these are ('1–25 of 60'), and the previous and next pages. */
export function LightPagination({
  count,
  page,
  rowsPerPage,
  onPageChange,
  perPageOptions = [],
  perPageLabel = 'Rows per page',
  onRowsPerPageChange,
}: LightPaginationProps) {
  const selectId = useId();
  const first = count === 0 ? 0 : page * rowsPerPage + 1;
  const last = Math.min(count, (page + 1) * rowsPerPage);
  return (
    <div className="light-pagination">
      {perPageOptions.length > 1 && (
        <>
          <label htmlFor={selectId}>{perPageLabel}</label>
          <select id={selectId} value={rowsPerPage} onChange={(event) => onRowsPerPageChange?.(Number(event.target.value))}>
            {perPageOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </>
      )}
      <p>{`${first}–${last} of ${count}`}</p>
      <span className="light-pagination-turns">
        <button type="button" aria-label="Go to previous page" title="Go to previous page" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          <LightIcon name="previous" />
        </button>
        <button type="button" aria-label="Go to next page" title="Go to next page" disabled={last >= count} onClick={() => onPageChange(page + 1)}>
          <LightIcon name="next" />
        </button>
      </span>
    </div>
  );
}
