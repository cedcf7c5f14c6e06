import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { displayName } from '@school/contract/names';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useNavigate } from 'react-router';
import { useStudents, type StudentRow } from '../api/get-students.ts';
import { EditStudentDialog } from './edit-student-dialog.tsx';
import { RegistrationFormDialog } from './registration-form-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { RowActions, drawingOf, rowActionStyle, type RowActionItem } from './row-action.tsx';
import { matchingRows, nextSort, searchWords, sortedRows, tableRows, type Sort, type SortField, type TableRow } from './table-rows.ts';

/** The columns of SPEC §2 that hold a value, with their widths; Actions follows them. */
const columns: Array<{ field: SortField; header: string; width: number | string }> = [
  { field: 'id', header: 'ID', width: 110 },
  { field: 'name', header: 'Name', width: 'auto' },
  { field: 'class_id', header: 'Class', width: 90 },
  { field: 'date_of_birth', header: 'Date of Birth', width: 130 },
  { field: 'birth_certificate_no', header: 'Birth Certificate Pin', width: 180 },
];
const ACTIONS_WIDTH = 200;
/** Every row's height in pixels, fixed so that the rows in view follow from the scroll position alone. */
const ROW_HEIGHT = 36;
/** Rows drawn above and below those in view, so that scrolling or tabbing a little finds them drawn. */
const OVERSCAN = 2;

const sortArrow = drawingOf(ArrowUpwardIcon);
const searchIcon = drawingOf(SearchIcon);

/** What a row's action asks of the table: a dialog over it, or another screen. */
type Action = 'form' | 'edit' | 'reset' | 'attendance' | 'termReports';

/** A row's actions, named for its student (SPEC §2). */
const rowActions = (name: string): Array<RowActionItem<Action>> => [
  { action: 'form', icon: 'form', label: `Registration Form of ${name}` },
  { action: 'edit', icon: 'edit', label: `Edit ${name}` },
  { action: 'reset', icon: 'reset', label: `Reset password of ${name}` },
  { action: 'attendance', icon: 'attendance', label: `Attendance of ${name}` },
  { action: 'termReports', icon: 'termReports', label: `Term Reports of ${name}` },
];

/**
 * One student's row. Drawn again only when its student or its place changes: a search key that
 * keeps a student on the page leaves her row as it was.
 */
const StudentRowView = memo(function StudentRowView({
  row,
  index,
  onAction,
}: {
  row: TableRow;
  index: number;
  onAction: (action: Action, row: TableRow) => void;
}) {
  return (
    <tr data-id={row.id} aria-rowindex={index + 2}>
      <td data-field="id">{row.id}</td>
      <td data-field="name">{row.name}</td>
      <td data-field="class_id">{row.class_id}</td>
      <td data-field="date_of_birth">{row.date_of_birth}</td>
      <td data-field="birth_certificate_no">{row.birth_certificate_no}</td>
      <td data-field="actions">
        <RowActions label={`Actions for ${row.name}`} actions={rowActions(row.name)} onAction={(action) => onAction(action, row)} />
      </td>
    </tr>
  );
});

/** A column's header: a button that sorts by it, ascending, descending, then back to the table's own order. */
function ColumnHeader({ field, header, width, sort, onSort }: (typeof columns)[number] & { sort: Sort; onSort: (field: SortField) => void }) {
  const direction = sort?.field === field ? sort.direction : undefined;
  return (
    <th scope="col" style={{ width }} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
      <button type="button" className="sort" onClick={() => onSort(field)}>
        {header}
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-direction={direction ?? 'none'}>
          {sortArrow}
        </svg>
      </button>
    </th>
  );
}

/** The height of rows not drawn, above or below those in view, so that the scrollbar is that of the whole page. */
function Spacer({ rows }: { rows: number }) {
  return (
    <tr aria-hidden="true" className="spacer" style={{ height: rows * ROW_HEIGHT }}>
      <td colSpan={columns.length + 1} />
    </tr>
  );
}

/**
 * Which of a page's `count` rows to draw, in order: those in the scroller's view, a few around
 * them, and `held` (the row holding the focus), so that scrolling away never takes the focus
 * with it. A search key then draws some twenty rows whatever the page's size, where drawing a
 * page of 100 took a slow machine over 100 ms.
 */
function useRowsInView(count: number, held: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 20 * ROW_HEIGHT });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView((current) => (current.height === element.clientHeight ? current : { ...current, height: element.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    setView((current) => (current.top === top ? current : { ...current, top }));
  };
  const first = Math.max(0, Math.min(count, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN));
  const last = Math.min(count, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const drawn = Array.from({ length: Math.max(0, last - first) }, (_, offset) => first + offset);
  if (held >= 0 && held < first) drawn.unshift(held);
  if (held >= last && held < count) drawn.push(held);
  return { scroller, onScroll, drawn };
}

/** The rows `drawn` (indices in order), with spacers standing in for the rows between and around them. */
function withSpacers(drawn: number[], count: number, draw: (index: number) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  let next = 0;
  for (const index of drawn) {
    if (index > next) out.push(<Spacer key={`spacer-${next}`} rows={index - next} />);
    out.push(draw(index));
    next = index + 1;
  }
  if (count > next) out.push(<Spacer key={`spacer-${next}`} rows={count - next} />);
  return out;
}

/** Pages of the students table: the sizes offered, the first being 100. */
const PAGE_SIZES = [25, 50, 100];

/** The pager beside the total: the page's size, which students it shows ('1–100 of 600'), and the previous and next pages. */
function Pager({
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

/**
 * The admin's students table (SPEC §2, decision 035): a search box, a fixed header whose columns
 * sort, the newest change first by default, pages of 100 students, the total, and the row
 * actions. Its look is set on a box drawn once: a search key draws only the table within, with
 * plain elements (MUI's components, styled afresh at each draw, were most of a key's time).
 */
export function StudentsTable() {
  return (
    <Box sx={tableStyle}>
      <TableWithin />
    </Box>
  );
}

/** The students table within its box: each search key filters the list in its own turn and draws only the rows in view that changed. */
function TableWithin() {
  const { data, isPending, error } = useStudents();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(100);
  const [formFor, setFormFor] = useState<StudentRow | null>(null);
  const [editing, setEditing] = useState<StudentRow | null>(null);
  const [resetting, setResetting] = useState<StudentRow | null>(null);
  const navigate = useNavigate();

  const rows = useMemo(() => tableRows(data ?? []), [data]);
  const ordered = useMemo(() => sortedRows(rows, sort), [rows, sort]);
  const shown = useMemo(() => matchingRows(ordered, searchWords(search)), [ordered, search]);
  const lastPage = Math.max(0, Math.ceil(shown.length / perPage) - 1);
  const pageShown = Math.min(page, lastPage);
  const pageRows = shown.slice(pageShown * perPage, (pageShown + 1) * perPage);
  /** The student whose row holds, or last held, the focus. */
  const [focused, setFocused] = useState<string | null>(null);
  const { scroller, onScroll, drawn } = useRowsInView(pageRows.length, focused === null ? -1 : pageRows.findIndex((row) => row.id === focused));
  /** Shows page `next` (the first unless told) from its top. */
  const toPage = (next = 0) => {
    setPage(next);
    if (scroller.current) scroller.current.scrollTop = 0;
  };

  const onAction = useCallback(
    (action: Action, row: TableRow) => {
      if (action === 'form') setFormFor(row);
      else if (action === 'edit') setEditing(row);
      else if (action === 'reset') setResetting(row);
      else void navigate(`/admin/students/${encodeURIComponent(row.id)}/${action === 'attendance' ? 'attendance' : 'term-reports'}`);
    },
    [navigate],
  );
  const onSort = (field: SortField) => {
    setSort((current) => nextSort(current, field));
    toPage();
  };

  if (error) return <Alert severity="error">The student list could not be loaded. Please reload the page.</Alert>;
  return (
    <>
      <div className="toolbar">
        <label className="search">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {searchIcon}
          </svg>
          <input
            type="search"
            aria-label="Search"
            placeholder="Search…"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              toPage();
            }}
          />
        </label>
      </div>
      <div className="scroller" role="region" aria-label="Students table" tabIndex={0} ref={scroller} onScroll={onScroll}>
        <table aria-label="Students" aria-rowcount={shown.length + 1} aria-busy={isPending}>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => (
                <ColumnHeader key={column.field} {...column} sort={sort} onSort={onSort} />
              ))}
              <th scope="col" style={{ width: ACTIONS_WIDTH }}>
                Actions
              </th>
            </tr>
          </thead>
          {/* The row last focused stays drawn after the focus leaves it, so that a dialog it opened gives the focus back to it. */}
          <tbody onFocus={(event) => setFocused(event.target.closest('tr')?.dataset.id ?? null)}>
            {withSpacers(drawn, pageRows.length, (index) => (
              <StudentRowView key={pageRows[index].id} row={pageRows[index]} index={pageShown * perPage + index} onAction={onAction} />
            ))}
          </tbody>
        </table>
        {isPending && <LinearProgress aria-label="Loading the students" />}
        {data && shown.length === 0 && (
          <p className="empty" role="status">
            {rows.length === 0 ? 'No students yet: import them from Import Students.' : 'No student matches the search.'}
          </p>
        )}
      </div>
      <div className="footer">
        <p>Total Number of Students: {rows.length}</p>
        <Pager
          count={shown.length}
          page={pageShown}
          perPage={perPage}
          onPage={toPage}
          onPerPage={(size) => {
            setPerPage(size);
            toPage();
          }}
        />
      </div>
      {formFor && <RegistrationFormDialog student={formFor} onClose={() => setFormFor(null)} />}
      {editing && <EditStudentDialog student={editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetPasswordDialog student={resetting} name={displayName(resetting)} onClose={() => setResetting(null)} />}
    </>
  );
}

/**
 * The table's look, set once on its box rather than on each cell: 60vh high (SPEC §2) with the
 * header fixed above the rows that scroll, compact rows, and the columns' widths fixed so that a
 * search key lays out only the rows it changed.
 */
const tableStyle: SxProps<Theme> = {
  height: '60vh',
  minHeight: 360,
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  '& .toolbar': { display: 'flex', justifyContent: 'flex-end', p: 1 },
  '& .search': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    width: { xs: '100%', sm: 280 },
    px: 1,
    borderBottom: 1,
    borderColor: 'text.secondary',
    color: 'text.secondary',
    '&:focus-within': { borderBottom: 2, borderColor: 'primary.main', mb: '-1px' },
    '& svg': { width: 20, height: 20, fill: 'currentColor', flexShrink: 0 },
    '& input': { flex: 1, minWidth: 0, border: 0, outline: 0, py: 0.75, font: 'inherit', fontSize: '0.875rem', color: 'text.primary', bgcolor: 'transparent' },
  },
  '& .scroller': {
    flex: 1,
    minHeight: 0,
    overflow: 'auto',
    borderTop: 1,
    borderBottom: 1,
    borderColor: 'divider',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
  },
  '& table': { width: '100%', minWidth: 880, tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 0, fontSize: '0.875rem' },
  '& th, & td': {
    px: 1.25,
    py: 0,
    borderBottom: 1,
    borderColor: 'divider',
    textAlign: 'left',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& th': { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', fontWeight: 600, height: 40 },
  '& td': { height: ROW_HEIGHT },
  '& tbody tr:not(.spacer):hover': { bgcolor: 'action.hover' },
  '& .spacer td': { height: 'auto', p: 0, border: 0 },
  '& .sort': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    p: 0,
    border: 0,
    bgcolor: 'transparent',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
    '& svg': { width: 18, height: 18, fill: 'currentColor', opacity: 0, transition: 'transform 150ms' },
    '&:hover svg': { opacity: 0.5 },
    '& svg[data-direction="asc"], & svg[data-direction="desc"]': { opacity: 1 },
    '& svg[data-direction="desc"]': { transform: 'rotate(180deg)' },
  },
  '& .empty': { m: 0, p: 2, color: 'text.secondary' },
  '& .footer': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: 2,
    px: 2,
    py: 0.5,
    fontSize: '0.875rem',
    '& p': { m: 0 },
  },
  '& .pager': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', columnGap: 3, minHeight: 52, ml: 'auto' },
  '& .pager select': {
    ml: 1,
    p: 0.5,
    border: 0,
    borderRadius: 1,
    font: 'inherit',
    color: 'inherit',
    bgcolor: 'transparent',
    cursor: 'pointer',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
  },
  '& .pager .row-action': { p: '6px', '&::before': { width: 24, height: 24 } },
  ...rowActionStyle,
};
