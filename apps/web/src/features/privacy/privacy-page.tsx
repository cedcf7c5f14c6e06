import { fileNames } from '@school/contract/file-names';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { recordReaderLabels } from '@school/contract/staff-roles';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { useSession } from '../../api/get-session.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { Spinner } from '../../components/mui/spinner.tsx';
import { formatSchoolTime, today } from '../../lib/format-day.ts';
import { downloadMyData } from './api/download-my-data.ts';
import { useRecordAccess } from './api/get-record-access.ts';

type Download = 'idle' | 'busy' | 'done' | { failed: string };

/** Who has looked at her record: when, the staff member and her role, and what she did, newest first. */
function RecordAccessList() {
  const { data, error, isPending } = useRecordAccess();
  const timeZone = useSchoolTimeZone();
  if (error) return <Alert severity="error">The list could not be loaded. Please try again later.</Alert>;
  if (isPending) return <Spinner label="Loading who has looked at your record" />;
  if (data.entries.length === 0) return <Typography>No staff member has viewed or changed your record yet.</Typography>;
  return (
    <>
      {data.total > data.entries.length && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          The newest {data.entries.length} of {data.total} times are shown.
        </Typography>
      )}
      <Table size="small" aria-label="Staff who viewed or changed your record" sx={[{ '& th, & td': { px: 1, verticalAlign: 'top' } }, cardsOnPhone]}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Staff member</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>What</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.entries.map((entry, index) => (
            <TableRow key={`${entry.at}-${index}`}>
              <TableCell data-label="When" sx={{ whiteSpace: 'nowrap' }}>
                {formatSchoolTime(entry.at, timeZone)}
              </TableCell>
              <TableCell data-label="Staff member">{entry.staff}</TableCell>
              <TableCell data-label="Role">{recordReaderLabels[entry.role]}</TableCell>
              <TableCell data-label="What">{entry.what}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** 'Download my data': one ZIP of all the school holds about her, with the server's reason when it cannot be made (three an hour). */
function DownloadMyData() {
  const { data: session } = useSession();
  const [state, setState] = useState<Download>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadMyData(fileNames.myData(session?.userID, today()));
      setState('done');
    } catch (caught) {
      setState({ failed: caught instanceof ApiError ? caught.firstMessage : 'Your data could not be downloaded. Please try again.' });
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>
        One ZIP file with everything the school holds about you: your registration record (as JSON, with the form&apos;s labels), your registration form, the
        documents you handed in, your posted report cards and your attendance (as CSV). You can download it three times an hour.
      </Typography>
      {state === 'busy' && <LinearProgress aria-label="Preparing your data" />}
      {state === 'done' && (
        <Alert severity="success" role="status">
          Your data has been downloaded.
        </Alert>
      )}
      {typeof state === 'object' && (
        <Alert severity="error" role="alert">
          {state.failed}
        </Alert>
      )}
      <div>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={state === 'busy'}>
          Download my data
        </Button>
      </div>
    </Stack>
  );
}

/**
 * `/privacy` (issue 36, point 7; decision 050): every time staff viewed or changed the student's
 * registration record, documents, report cards or attendance, and 'Download my data'.
 */
export default function PrivacyPage() {
  return (
    <>
      <PageTitle>Privacy</PageTitle>
      <Stack spacing={2}>
        <Paper sx={{ p: { xs: 1.5, sm: 3 } }} component="section" aria-labelledby="record-access-title">
          <Typography variant="h2" id="record-access-title" sx={{ fontSize: { xs: '1.15rem', sm: '1.35rem' }, mb: 1 }}>
            Who has looked at your record
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Every time a member of staff viewed or changed your registration record, your documents, your report cards or your attendance.
          </Typography>
          <RecordAccessList />
        </Paper>
        <Paper sx={{ p: { xs: 1.5, sm: 3 } }} component="section" aria-labelledby="my-data-title">
          <Typography variant="h2" id="my-data-title" sx={{ fontSize: { xs: '1.15rem', sm: '1.35rem' }, mb: 1 }}>
            Download my data
          </Typography>
          <DownloadMyData />
        </Paper>
      </Stack>
    </>
  );
}
