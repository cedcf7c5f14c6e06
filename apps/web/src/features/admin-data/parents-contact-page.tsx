import { LoadFailedAlert } from '../../components/mui/load-failed-alert.tsx';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { messages } from '@school/contract/messages';
import { listName } from '@school/contract/names';
import { contactPeople, hasContact, type ContactPerson } from '@school/contract/parents-contact';
import type { ParentsContactRow } from '@school/contract/responses';
import { useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { Spinner } from '../../components/mui/spinner.tsx';
import { useReadableClasses } from '../../api/get-form-classes.ts';
import { downloadParentsContact, useParentsContact } from './api/get-parents-contact.ts';
import { LeaversChoice } from './components/leavers-choice.tsx';

/** A phone number or a part of an e-mail, which never breaks inside (no '1868-313-' above '3281'). */
const Whole = ({ children }: { children: ReactNode }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

/**
 * An e-mail: its name and its '@domain' each whole, on one line if the column allows, else the
 * second under the first, never broken inside either.
 */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at <= 0) return <Whole>{address}</Whole>;
  return (
    <>
      <Whole>{address.slice(0, at)}</Whole>
      <wbr />
      <Whole>{address.slice(at)}</Whole>
    </>
  );
}

/** One contact column, a line each: name, each number under its label, e-mail; a dash when none is given. */
function Person({ contact }: { contact: ContactPerson }) {
  if (!hasContact(contact)) return <Typography color="text.secondary">—</Typography>;
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>
        {contact.name}
        {contact.note ? ` (${contact.note})` : ''}
      </Typography>
      {contact.phones.map((phone) => (
        <Typography key={phone.label} variant="body2" data-contact-detail>
          <Whole>
            {phone.label} {phone.number}
          </Whole>
        </Typography>
      ))}
      {contact.email && (
        <Typography variant="body2" data-contact-detail>
          <Email address={contact.email} />
        </Typography>
      )}
    </>
  );
}

const searchable = (row: ParentsContactRow) => Object.values(row).filter(Boolean).join(' ').toLowerCase();

const columns = ['Student', 'Mother', 'Father', 'Guardian', 'Emergency contact'];

/** What the count says of the students who have left: how many the list leaves out, or how many of it have left (decision 069). */
function leaversNote(students: ParentsContactRow[], leftOut: number): string {
  const listed = students.filter((row) => row.left_on).length;
  if (leftOut > 0) return ` · ${leftOut} who ${leftOut === 1 ? 'has' : 'have'} left not shown`;
  return listed > 0 ? ` · ${listed} of them ${listed === 1 ? 'has' : 'have'} left` : '';
}

/**
 * `/admin/reports/parents-contact` (SPEC §2 Reports): for one class or every class, each student
 * with her parents', guardian's and emergency contact's details, with a search box and the same
 * list as PDF and xlsx. Students who have left are listed only when asked for, else the count says
 * how many are not (decision 069). On a phone each student's row becomes a card, each detail labelled. Every
 * class at once is a whole-school export (decision 049): the list and its files ask for the code.
 */
export default function ParentsContactPage() {
  const { classes, every } = useReadableClasses();
  const [chosen, setChosen] = useState<string | null>(null);
  // A teacher reads her own classes only, so she starts at her first (decision 048).
  const classId = chosen ?? (every ? 'all' : (classes[0]?.id ?? ''));
  const setClassId = setChosen;
  const [search, setSearch] = useState('');
  const [includeLeavers, setIncludeLeavers] = useState(false);
  const { guard, dialog } = useStepUp();
  const { data, isPending, error, refetch } = useParentsContact(classId, includeLeavers, guard);
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    setDownloadFailed(null);
    try {
      await guard(() => downloadParentsContact(classId, format, includeLeavers));
    } catch (caught) {
      setDownloadFailed(caught instanceof ApiError ? caught.message : messages.unreachable);
    }
  };
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
            {every && <MenuItem value="all">All classes</MenuItem>}
            {classes.map((formClass) => (
              <MenuItem key={formClass.id} value={formClass.id}>
                Form {formClass.form_level} – {formClass.id}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} size="small" sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('pdf')} disabled={!classId}>
              PDF
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('xlsx')} disabled={!classId}>
              Excel
            </Button>
          </Stack>
        </Stack>
        <LeaversChoice checked={includeLeavers} onChange={setIncludeLeavers} />
        {downloadFailed && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            The file could not be downloaded: {downloadFailed}
          </Alert>
        )}
        {error ? (
          <LoadFailedAlert what="The list" error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <Spinner label="Loading the list" />
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }} role="status">
              {rows.length === data.students.length ? `${rows.length} students` : `${rows.length} of ${data.students.length} students`}
              {leaversNote(data.students, data.leavers_left_out)}
            </Typography>
            <Table
              size="small"
              aria-label="Parents contact"
              // Narrow gutters, so that five columns of whole numbers fit a laptop's card.
              sx={[{ '& th, & td': { px: 1 } }, cardsOnPhone]}
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
                      {row.left_on && (
                        <Typography variant="body2" color="text.secondary">
                          Left on {row.left_on}
                        </Typography>
                      )}
                      <Typography variant="body2" color="text.secondary">
                        {row.id}
                        {row.class_id ? ` · ${row.class_id}` : ''}
                      </Typography>
                    </TableCell>
                    {contactPeople(row).map((contact) => (
                      <TableCell key={contact.column} data-label={contact.column}>
                        <Person contact={contact} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {rows.length === 0 && <Typography sx={{ mt: 2 }}>No student matches.</Typography>}
          </>
        )}
      </Paper>
      {dialog}
    </>
  );
}
