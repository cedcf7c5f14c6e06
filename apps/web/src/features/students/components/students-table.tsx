import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridFooterContainer,
  GridPagination,
  gridRowCountSelector,
  useGridApiContext,
  useGridApiRef,
  useGridSelector,
  type GridColDef,
} from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStudents, type StudentRow } from '../api/get-students.ts';
import { EditStudentDialog } from './edit-student-dialog.tsx';
import { RegistrationFormDialog } from './registration-form-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { RowAction, rowActionStyle } from './row-action.tsx';
import { matchesSearchText, notSearchedAlone, scrollbarWidth, searchAtOnce, searchTextOf, searchWords } from './table-search.ts';

const fullName = (row: StudentRow) => [row.last_name, row.first_name].filter(Boolean).join(', ');

/** A row of the table: the student with her name as the table shows it and what the search looks in, made once rather than at each search key. */
type TableRow = StudentRow & { name: string; searchText: string };

/** The spec's total beside the pager: the grid shows at most 100 rows a page, and the pager reaches the rest. */
function Footer() {
  const total = useGridSelector(useGridApiContext(), gridRowCountSelector);
  return (
    <GridFooterContainer sx={{ flexWrap: 'wrap', columnGap: 2, px: 2 }}>
      <Typography variant="body2">Total Number of Students: {total}</Typography>
      <GridPagination />
    </GridFooterContainer>
  );
}

const tableStyle = { bgcolor: 'background.paper', ...rowActionStyle };

/** The admin's students table (SPEC §2): search, sort (newest change first), and the row actions. */
export function StudentsTable() {
  const { data, isPending, error } = useStudents();
  const [formFor, setFormFor] = useState<StudentRow | null>(null);
  const [editing, setEditing] = useState<StudentRow | null>(null);
  const [resetting, setResetting] = useState<StudentRow | null>(null);
  const navigate = useNavigate();

  const apiRef = useGridApiRef();

  const rows = useMemo<TableRow[]>(
    () =>
      (data ?? []).map((row) => {
        const name = fullName(row);
        return { ...row, name, searchText: searchTextOf([row.id, name, row.class_id, row.date_of_birth, row.birth_certificate_no]) };
      }),
    [data],
  );

  const columns = useMemo<GridColDef<TableRow>[]>(
    () => [
      { field: 'id', headerName: 'ID', width: 110, getApplyQuickFilterFn: notSearchedAlone },
      // The search looks in every shown column through this one, which therefore stays shown.
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 180, hideable: false, getApplyQuickFilterFn: matchesSearchText<TableRow>() },
      { field: 'class_id', headerName: 'Class', width: 90, getApplyQuickFilterFn: notSearchedAlone },
      { field: 'date_of_birth', headerName: 'Date of Birth', width: 130, getApplyQuickFilterFn: notSearchedAlone },
      { field: 'birth_certificate_no', headerName: 'Birth Certificate Pin', width: 180, getApplyQuickFilterFn: notSearchedAlone },
      { field: 'updatedAt', headerName: 'Last Changed', width: 200, getApplyQuickFilterFn: notSearchedAlone },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 220,
        getActions: ({ row }) => [
          <RowAction key="form" icon="form" label={`Registration Form of ${row.name}`} onClick={() => setFormFor(row)} />,
          <RowAction key="edit" icon="edit" label={`Edit ${row.name}`} onClick={() => setEditing(row)} />,
          <RowAction key="reset" icon="reset" label={`Reset password of ${row.name}`} onClick={() => setResetting(row)} />,
          <RowAction
            key="attendance"
            icon="attendance"
            label={`Attendance of ${row.name}`}
            onClick={() => void navigate(`/admin/students/${encodeURIComponent(row.id)}/attendance`)}
          />,
          <RowAction
            key="term-reports"
            icon="termReports"
            label={`Term Reports of ${row.name}`}
            onClick={() => void navigate(`/admin/students/${encodeURIComponent(row.id)}/term-reports`)}
          />,
        ],
      },
    ],
    [navigate],
  );

  if (error) return <Alert severity="error">The student list could not be loaded. Please reload the page.</Alert>;
  return (
    <Box sx={{ height: '60vh', minHeight: 360, width: '100%' }} onInput={searchAtOnce(apiRef)}>
      <DataGrid
        apiRef={apiRef}
        rows={rows}
        columns={columns}
        loading={isPending}
        showToolbar
        disableRowSelectionOnClick
        columnBufferPx={1200}
        // Only the rows in view are drawn: each search key that changes them draws them all afresh.
        rowBufferPx={0}
        density="compact"
        initialState={{
          sorting: { sortModel: [{ field: 'updatedAt', sort: 'desc' }] },
          columns: { columnVisibilityModel: { updatedAt: false } },
          pagination: { paginationModel: { pageSize: 100 } },
        }}
        pageSizeOptions={[25, 50, 100]}
        slots={{ footer: Footer }}
        scrollbarSize={scrollbarWidth()}
        // No debounce: filtering 2,000 students and redrawing takes a few tens of milliseconds
        // (`npm run bench`, admin table), so the rows follow each key instead of waiting for a pause;
        // `searchAtOnce` filters them in the key's own turn.
        slotProps={{ toolbar: { showQuickFilter: true, quickFilterProps: { debounceMs: 0, quickFilterParser: searchWords } } }}
        aria-label="Students"
        sx={tableStyle}
      />
      {formFor && <RegistrationFormDialog student={formFor} onClose={() => setFormFor(null)} />}
      {editing && <EditStudentDialog student={editing} onClose={() => setEditing(null)} />}
      {resetting && (
        <ResetPasswordDialog
          student={resetting}
          name={[resetting.first_name, resetting.last_name].filter(Boolean).join(' ')}
          onClose={() => setResetting(null)}
        />
      )}
    </Box>
  );
}
