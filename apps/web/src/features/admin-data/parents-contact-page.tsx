import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { listName } from '@school/contract/names';
import type { ParentsContactRow } from '@school/contract/responses';
import { useMemo, useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { useFormClasses } from './api/get-form-classes.ts';
import { parentsContactDownload, useParentsContact } from './api/get-parents-contact.ts';

/** 1868-555-1234. */
const phone = (digits: string | null) => (digits ? `1868-${digits.slice(0, 3)}-${digits.slice(3)}` : null);

/** One person's details, a line each; nothing when none is given. */
function Person({
  name,
  mobile,
  home,
  email,
  note,
}: {
  name: string | null;
  mobile: string | null;
  home: string | null;
  email?: string | null;
  note?: string | null;
}) {
  if (!name && !mobile && !home && !email) return <Typography color="text.secondary">—</Typography>;
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>
        {name}
        {note ? ` (${note})` : ''}
      </Typography>
      {mobile && <Typography variant="body2">Mobile {phone(mobile)}</Typography>}
      {home && <Typography variant="body2">Home {phone(home)}</Typography>}
      {email && (
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {email}
        </Typography>
      )}
    </>
  );
}

const searchable = (row: ParentsContactRow) => Object.values(row).filter(Boolean).join(' ').toLowerCase();

const columns = ['Student', 'Mother', 'Father', 'Guardian', 'Emergency contact'];

/**
 * `/admin/reports/parents-contact` (SPEC §2 Reports): for one class or every class, each student
 * with her parents', guardian's and emergency contact's details, with a search box and the same
 * list as PDF and xlsx. On a phone each student's row becomes a card, each detail labelled.
 */
export default function ParentsContactPage() {
  const [classId, setClassId] = useState('all');
  const [search, setSearch] = useState('');
  const classes = useFormClasses();
  const { data, isPending, error } = useParentsContact(classId);
  const rows = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (data?.students ?? []).filter((row) => words.every((word) => searchable(row).includes(word)));
  }, [data, search]);

  return (
    <>
      <PageTitle>Parents Contact</PageTitle>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <TextField select label="Class" value={classId} onChange={(event) => setClassId(event.target.value)} sx={{ minWidth: 160 }} size="small">
            <MenuItem value="all">All classes</MenuItem>
            {(classes.data ?? []).map((formClass) => (
              <MenuItem key={formClass.id} value={formClass.id}>
                Form {formClass.form_level} – {formClass.id}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} size="small" sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={parentsContactDownload(classId, 'pdf')} download>
              PDF
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={parentsContactDownload(classId, 'xlsx')} download>
              Excel
            </Button>
          </Stack>
        </Stack>
        {error ? (
          <Alert severity="error">The list could not be loaded. Please try again.</Alert>
        ) : isPending ? (
          <CircularProgress aria-label="Loading the list" />
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }} role="status">
              {rows.length === data.students.length ? `${rows.length} students` : `${rows.length} of ${data.students.length} students`}
            </Typography>
            <Table
              size="small"
              aria-label="Parents contact"
              sx={{
                // On a phone each row is a card and each cell names its column.
                '@media (max-width: 899.95px)': {
                  '& thead': { display: 'none' },
                  '& tr': { display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 },
                  '& td': { display: 'block', border: 0, py: 0.5, px: 0 },
                  '& td::before': { content: 'attr(data-label)', display: 'block', fontSize: '0.75rem', color: 'text.secondary' },
                },
              }}
            >
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} sx={{ verticalAlign: 'top' }}>
                    <TableCell data-label="Student">
                      <Typography sx={{ fontWeight: 600 }}>{listName(row)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {row.id}
                        {row.class_id ? ` · ${row.class_id}` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell data-label="Mother">
                      <Person name={row.mother_name} mobile={row.mobile_phone_mother} home={row.mother_home_phone} email={row.email_mother} />
                    </TableCell>
                    <TableCell data-label="Father">
                      <Person name={row.father_name} mobile={row.mobile_phone_father} home={row.father_home_phone} email={row.email_father} />
                    </TableCell>
                    <TableCell data-label="Guardian">
                      <Person name={row.guardian_name} mobile={row.mobile_phone_guardian} home={row.home_phone_guardian} email={row.email_guardian} />
                    </TableCell>
                    <TableCell data-label="Emergency contact">
                      <Person name={row.emergency_contact} mobile={null} home={row.emergency_home_phone} note={row.relation_to_child} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {rows.length === 0 && <Typography sx={{ mt: 2 }}>No student matches.</Typography>}
          </>
        )}
      </Paper>
    </>
  );
}
