import DownloadIcon from '@mui/icons-material/Download';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileNames } from '@school/contract/file-names';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { today } from '../../../lib/format-day.ts';
import { downloadOneRoster } from '../api/download-one-roster.ts';

type Stage = 'idle' | 'busy' | { done: string } | { failed: string };

/**
 * The school's roster for its learning platform (decision 075): students, form classes, staff and
 * guardians as OneRoster 1.2 CSV files in a ZIP, for admins. `guard` is the page's step-up (decision
 * 049): a whole-school export asks for the second factor as the spreadsheet does.
 */
export function OneRosterDownload({ guard }: { guard: <T>(run: () => Promise<T>) => Promise<T> }) {
  const [stage, setStage] = useState<Stage>('idle');

  async function download() {
    setStage('busy');
    const day = today();
    try {
      await guard(() => downloadOneRoster(day));
      setStage({ done: fileNames.oneRoster(day) });
    } catch (caught) {
      setStage({ failed: caught instanceof ApiError ? caught.firstMessage : 'The roster could not be downloaded. Please try again.' });
    }
  }

  return (
    <Paper component="section" aria-labelledby="one-roster-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6" id="one-roster-title">
          OneRoster roster
        </Typography>
        <Typography>
          The students, form classes, staff and guardians as OneRoster 1.2 files in a ZIP, for the school&apos;s learning platform or Microsoft School Data
          Sync. Students who have left and guardians whose link is restricted are not in it.
        </Typography>
        {typeof stage === 'object' && 'done' in stage && (
          <Alert severity="success" icon={<CheckCircleIcon />} role="status">
            {stage.done} has been downloaded.
          </Alert>
        )}
        {typeof stage === 'object' && 'failed' in stage && (
          <Alert severity="error" role="alert">
            The roster could not be downloaded: {stage.failed}
          </Alert>
        )}
        <div>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={stage === 'busy'}>
            {stage === 'busy' ? 'Preparing the roster…' : 'Download OneRoster roster'}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
