import TablePagination from '@mui/material/TablePagination';

/**
 * The staff screens' one pagination (MUI's), under a table whose pages the server cuts at a fixed
 * size: which rows show ('51–100 of 230') and the previous and next pages. Pages count from 1, as
 * the API's do.
 */
export function Pagination({ total, page, pageSize, onPage }: { total: number; page: number; pageSize: number; onPage: (page: number) => void }) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_event, next) => onPage(next + 1)}
    />
  );
}
