/** Pages of the students table: the sizes offered, the first being 100. */
const PAGE_SIZES = [25, 50, 100];

/** The pager beside the total: the page's size, which students it shows ('1–100 of 600'), and the previous and next pages. */
export function Pager({
  count,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  count: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const from = count === 0 ? 0 : page * perPage + 1;
  const to = Math.min(count, (page + 1) * perPage);
  return (
    <div className="pager">
      <label>
        Rows per page:
        <select value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span>{`${from}–${to} of ${count}`}</span>
      <span>
        <button
          type="button"
          className="row-action"
          data-icon="previous"
          aria-label="Go to previous page"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        />
        <button type="button" className="row-action" data-icon="next" aria-label="Go to next page" disabled={to >= count} onClick={() => onPage(page + 1)} />
      </span>
    </div>
  );
}
