import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { displayName } from '@school/contract/names';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from '../../../lib/router/index.ts';
import { useStudents, type StudentRow } from '../api/get-students.ts';
import { EditStudentDialog } from './edit-student-dialog.tsx';
import { RegistrationFormDialog } from './registration-form-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { LeavingDialog } from './leaving-dialog.tsx';
import { InviteParentDialog } from '../../../components/mui/invite-parent-dialog.tsx';
import { DoneSnackbar } from '../../../components/mui/done-snackbar.tsx';
import { ActionTip } from './action-tip.tsx';
import { drawingOf } from './row-action.tsx';
import { tableStyle } from './students-table-style.ts';
import { RowActionsMenu, type Action, type OpenActions } from './row-actions-menu.tsx';
import { ACTIONS_WIDTH, ColumnHeader, StudentRowView, columnsSeen, withSpacers } from './table-parts.tsx';
import { matchingRows, nextSort, searchWords, sortedRows, tableRows, type Sort, type SortField, type TableRow } from './table-rows.ts';
import { CARD_HEIGHT, ROW_HEIGHT, useVirtualRows } from './use-virtual-rows.ts';
import { useMay } from '../../../lib/use-may.ts';
import { LightPagination } from '../../../components/light/light-pagination.tsx';

const searchIcon = drawingOf(SearchIcon);

/**
 * The admin's students table (SPEC §2, decision 035): a search box, a fixed header whose columns
 * sort, the newest change first by default, pages of 100 students, the total, and the row
 * actions. Its look is set on a box drawn once: a search key draws only the table within, with
 * plain elements (MUI's components, styled afresh at each draw, were most of a key's time).
 */
export function StudentsTable() {
  const box = useRef<HTMLDivElement>(null);
  return (
    <Box sx={tableStyle} ref={box}>
      <TableWithin />
      <ActionTip root={box} />
    </Box>
  );
}

/** What the total says of the students who have left: how many it does not count, or how many of it have left (decision 069). */
const leaversNote = (leavers: number, shown: boolean) =>
  shown
    ? `${leavers} of them ${leavers === 1 ? 'has' : 'have'} left the school`
    : `${leavers} who ${leavers === 1 ? 'has' : 'have'} left the school ${leavers === 1 ? 'is' : 'are'} not counted`;

/** Pages of the students table: the sizes offered, the last (100) shown first. */
const PAGE_SIZES = [25, 50, 100] as const;

/** The screen of each row action that opens one: its path after the student's. */
const PAGES = { attendance: 'attendance', termReports: 'term-reports', years: 'years' } as const;

/**
 * Below this width a row is a card (`students-table-style.ts`) and its actions open as a sheet from
 * her name, which is then in view beside them (the actions column is left out).
 */
const SHEET_QUERY = '(max-width: 899.95px)';

/** The students table within its box: each search key filters the list in its own turn and draws only the rows in view that changed. */
function TableWithin() {
  const { data, isPending, error } = useStudents();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES[2]);
  const [formFor, setFormFor] = useState<StudentRow | null>(null);
  const [editing, setEditing] = useState<StudentRow | null>(null);
  const [resetting, setResetting] = useState<StudentRow | null>(null);
  const [leaving, setLeaving] = useState<StudentRow | null>(null);
  const [inviting, setInviting] = useState<TableRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** Students who have left are hidden unless the admin asks for them. */
  const [showLeavers, setShowLeavers] = useState(false);
  const [actionsOpen, setActionsOpen] = useState<OpenActions | null>(null);
  const sheet = useMediaQuery(SHEET_QUERY, { noSsr: true });
  const may = useMay();
  // Made once per session, so that the rows drawn with it are not drawn again at each search key.
  const shownColumns = useMemo(() => columnsSeen(may), [may]);
  const navigate = useNavigate();

  const rows = useMemo(() => tableRows((data ?? []).filter((student) => showLeavers || !student.left_on)), [data, showLeavers]);
  const ordered = useMemo(() => sortedRows(rows, sort), [rows, sort]);
  const shown = useMemo(() => matchingRows(ordered, searchWords(search)), [ordered, search]);
  const lastPage = Math.max(0, Math.ceil(shown.length / perPage) - 1);
  const pageShown = Math.min(page, lastPage);
  const pageRows = shown.slice(pageShown * perPage, (pageShown + 1) * perPage);
  /** The student whose row holds, or last held, the focus. */
  const [focused, setFocused] = useState<string | null>(null);
  const { scroller, onScroll, drawn } = useVirtualRows(
    pageRows.length,
    focused === null ? -1 : pageRows.findIndex((row) => row.id === focused),
    sheet ? CARD_HEIGHT : ROW_HEIGHT,
  );
  /** Students who have left, counted apart from the total while they are hidden (decision 069). */
  const leavers = useMemo(() => (data ?? []).filter((student) => student.left_on).length, [data]);
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
      else if (action === 'leaving') setLeaving(row);
      else if (action === 'invite') setInviting(row);
      else void navigate(`/admin/students/${encodeURIComponent(row.id)}/${PAGES[action]}`);
    },
    [navigate],
  );
  const onOpen = useCallback((row: TableRow, anchor: HTMLElement) => setActionsOpen({ row, anchor, sheet }), [sheet]);
  const onSort = (field: SortField) => {
    setSort((current) => nextSort(current, field));
    toPage();
  };

  if (error) return <Alert severity="error">The student list could not be loaded. Please reload the page.</Alert>;
  return (
    <>
      <div className="toolbar">
        <label className="leavers">
          <input
            type="checkbox"
            checked={showLeavers}
            onChange={(event) => {
              setShowLeavers(event.target.checked);
              toPage();
            }}
          />
          Show students who have left
        </label>
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
              {shownColumns.map((column) => (
                <ColumnHeader key={column.field} {...column} sort={sort} onSort={onSort} />
              ))}
              {!sheet && (
                <th scope="col" style={{ width: ACTIONS_WIDTH }}>
                  Actions
                </th>
              )}
            </tr>
          </thead>
          {/* The row last focused stays drawn after the focus leaves it, so that a dialog it opened gives the focus back to it. */}
          <tbody onFocus={(event) => setFocused(event.target.closest('tr')?.dataset.id ?? null)}>
            {withSpacers(drawn, pageRows.length, { span: sheet ? shownColumns.length : shownColumns.length + 1, cards: sheet }, (index) => (
              <StudentRowView
                key={pageRows[index].id}
                row={pageRows[index]}
                index={pageShown * perPage + index}
                shown={shownColumns}
                sheet={sheet}
                expanded={actionsOpen?.row.id === pageRows[index].id}
                onOpen={onOpen}
              />
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
        <div className="total">
          <p>Total Number of Students: {rows.length}</p>
          {leavers > 0 && <p className="leavers-note">{leaversNote(leavers, showLeavers)}</p>}
        </div>
        <LightPagination
          count={shown.length}
          page={pageShown}
          rowsPerPage={perPage}
          onPageChange={toPage}
          perPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(size) => {
            setPerPage(size);
            toPage();
          }}
        />
      </div>
      <RowActionsMenu open={actionsOpen} onClose={() => setActionsOpen(null)} onAction={onAction} />
      {formFor && <RegistrationFormDialog student={formFor} onClose={() => setFormFor(null)} />}
      {editing && <EditStudentDialog student={editing} onClose={() => setEditing(null)} />}
      {leaving && <LeavingDialog student={leaving} name={displayName(leaving)} onClose={() => setLeaving(null)} />}
      {resetting && <ResetPasswordDialog student={resetting} name={displayName(resetting)} onClose={() => setResetting(null)} />}
      {inviting && (
        <InviteParentDialog
          student={{ id: inviting.id, name: displayName(inviting) }}
          onClose={() => setInviting(null)}
          onDone={(message) => {
            setInviting(null);
            setDone(message);
          }}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}
