import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridActionsCellItem,
  GridFooterContainer,
  GridPagination,
  gridRowCountSelector,
  useGridApiContext,
  useGridSelector,
  type GridColDef,
} from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStudents, type StudentRow } from '../api/get-students.ts';
import { EditStudentDialog } from './edit-student-dialog.tsx';
import { RegistrationFormDialog } from './registration-form-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';

const fullName = (row: StudentRow) => [row.last_name, row.first_name].filter(Boolean).join(', ');

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

/** The admin's students table (SPEC §2): search, sort (newest change first), and the row actions. */
export function StudentsTable() {
  const { data, isPending, error } = useStudents();
  const [formFor, setFormFor] = useState<StudentRow | null>(null);
  const [editing, setEditing] = useState<StudentRow | null>(null);
  const [resetting, setResetting] = useState<StudentRow | null>(null);
  const navigate = useNavigate();

  const columns = useMemo<GridColDef<StudentRow>[]>(
    () => [
      { field: 'id', headerName: 'ID', width: 110 },
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 180, valueGetter: (_value, row) => fullName(row) },
      { field: 'class_id', headerName: 'Class', width: 90 },
      { field: 'date_of_birth', headerName: 'Date of Birth', width: 130 },
      { field: 'birth_certificate_no', headerName: 'Birth Certificate Pin', width: 180 },
      { field: 'updatedAt', headerName: 'Last Changed', width: 200 },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 220,
        getActions: ({ row }) => [
          <GridActionsCellItem key="form" icon={<DescriptionIcon />} label={`Registration Form of ${fullName(row)}`} onClick={() => setFormFor(row)} />,
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${fullName(row)}`} onClick={() => setEditing(row)} />,
          <GridActionsCellItem key="reset" icon={<LockResetIcon />} label={`Reset password of ${fullName(row)}`} onClick={() => setResetting(row)} />,
          <GridActionsCellItem
            key="attendance"
            icon={<EventAvailableIcon />}
            label={`Attendance of ${fullName(row)}`}
            onClick={() => void navigate(`/admin/students/${encodeURIComponent(row.id)}/attendance`)}
          />,
          <GridActionsCellItem
            key="term-reports"
            icon={<AssessmentIcon />}
            label={`Term Reports of ${fullName(row)}`}
            onClick={() => void navigate(`/admin/students/${encodeURIComponent(row.id)}/term-reports`)}
          />,
        ],
      },
    ],
    [navigate],
  );

  if (error) return <Alert severity="error">The student list could not be loaded. Please reload the page.</Alert>;
  return (
    <Box sx={{ height: '60vh', minHeight: 360, width: '100%' }}>
      <DataGrid
        rows={data ?? []}
        columns={columns}
        loading={isPending}
        showToolbar
        disableRowSelectionOnClick
        columnBufferPx={1200}
        density="compact"
        initialState={{
          sorting: { sortModel: [{ field: 'updatedAt', sort: 'desc' }] },
          columns: { columnVisibilityModel: { updatedAt: false } },
          pagination: { paginationModel: { pageSize: 100 } },
        }}
        pageSizeOptions={[25, 50, 100]}
        slots={{ footer: Footer }}
        // No debounce: filtering 2,000 students and redrawing takes a few tens of milliseconds
        // (`npm run bench`, admin table), so the rows follow each key instead of waiting for a pause.
        slotProps={{ toolbar: { showQuickFilter: true, quickFilterProps: { debounceMs: 0 } } }}
        aria-label="Students"
        sx={{ bgcolor: 'background.paper' }}
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
