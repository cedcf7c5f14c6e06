import { fileNames } from '@school/contract/file-names';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { useOnArrival } from '../../lib/use-on-arrival.ts';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { useMay } from '../../lib/use-may.ts';
import { downloadRegistrationData } from './api/download-registration-data.ts';
import { LeaversChoice } from './components/leavers-choice.tsx';
import { OneRosterDownload } from './components/one-roster-download.tsx';

type Stage = 'downloading' | 'done' | { failed: string };

/**
 * `/admin/export` (SPEC §2 Export Data): opening it downloads the registration spreadsheet at
 * once, behind the persistent dialog 'Downloading data...'; the dialog closes when the file has
 * arrived, and the page then offers it again, with the students who have left if asked (decision
 * 069), or the way back. Admins also find the OneRoster roster here (decision 075).
 */
export default function ExportDataPage() {
  const [stage, setStage] = useState<Stage>('downloading');
  const [includeLeavers, setIncludeLeavers] = useState(false);
  const { guard, dialog } = useStepUp();
  const may = useMay();

  const download = useCallback(
    async (withLeavers = false) => {
      setStage('downloading');
      try {
        await guard(() => downloadRegistrationData(withLeavers));
        setStage('done');
      } catch (caught) {
        setStage({ failed: caught instanceof ApiError ? caught.message : 'The spreadsheet could not be downloaded. Please try again.' });
      }
    },
    [guard],
  );

  useOnArrival(useCallback(() => void download(), [download]));

  return (
    <>
      <PageTitle>Export Data</PageTitle>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography>
            Every student&apos;s registration, every field: one sheet with everyone, then one sheet per form. Students who have left the school are not in it,
            as in the students table&apos;s total, unless you include them.
          </Typography>
          {stage === 'done' && (
            <Alert severity="success" icon={<CheckCircleIcon />} role="status">
              {fileNames.registrationData} has been downloaded.
            </Alert>
          )}
          {typeof stage === 'object' && (
            <Alert severity="error" role="alert">
              The spreadsheet could not be downloaded: {stage.failed}
            </Alert>
          )}
          <LeaversChoice checked={includeLeavers} onChange={setIncludeLeavers} disabled={stage === 'downloading'} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" onClick={() => void download(includeLeavers)} disabled={stage === 'downloading'}>
              {typeof stage === 'object' ? 'Try again' : 'Download again'}
            </Button>
            <Button component={RouterLink} to="/admin/dashboard">
              Back to the dashboard
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {may('staff') && (
        <Box sx={{ mt: 2 }}>
          <OneRosterDownload guard={guard} />
        </Box>
      )}
      {dialog}
      <Dialog open={stage === 'downloading'} aria-labelledby="export-dialog-title" aria-describedby="export-dialog-text">
        <DialogTitle id="export-dialog-title">Downloading data...</DialogTitle>
        <DialogContent sx={{ minWidth: { sm: 360 } }}>
          <Typography id="export-dialog-text" sx={{ mb: 2 }}>
            {fileNames.registrationData} is being made. This can take a few seconds.
          </Typography>
          <LinearProgress aria-label="Downloading data" />
        </DialogContent>
      </Dialog>
    </>
  );
}
