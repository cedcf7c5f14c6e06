import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RetentionEraseResult } from '@school/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useEraseDueData } from '../api/erase-due-data.ts';
import { useRetention } from '../api/get-retention.ts';
import { RetentionTable } from './retention-table.tsx';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';

/** How many of the students due later the screen lists. */
const UPCOMING_SHOWN = 10;

/**
 * Keeping data no longer than needed (decision 046): the leavers whose health data and documents
 * are due to be erased, a check that counts what would go, and the erasure, asked once more.
 */
export function RetentionPanel() {
  const { data, error, isPending } = useRetention();
  const erase = useEraseDueData();
  // The erasure (not its count) needs a second factor given in the last 15 minutes: asked for, then made again.
  const { guard, dialog } = useStepUp();
  const [checked, setChecked] = useState<RetentionEraseResult | null>(null);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const check = async () => {
    setDone(null);
    setChecked(await erase.mutateAsync({ dry_run: true }).catch(() => null));
  };
  const confirm = async () => {
    const result = await guard(() => erase.mutateAsync({ dry_run: false })).catch(() => null);
    if (!result) return;
    setAsking(false);
    setChecked(null);
    setDone(result.message);
  };

  return (
    <>
      {dialog}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Data of students who have left
      </Typography>
      {isPending && <LinearProgress aria-label="Loading what is due to be erased" />}
      {error && <Alert severity="error">What is due to be erased could not be loaded. Please reload the page.</Alert>}
      {data && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            A student&apos;s health data and documents are kept for {data.retention_years} full {data.retention_years === 1 ? 'year' : 'years'} after she
            leaves, then erased. Her name, classes, report cards and attendance are kept.
          </Typography>
          {done && (
            <Alert severity="success" onClose={() => setDone(null)} sx={{ mb: 2 }}>
              {done}
            </Alert>
          )}
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
            Due to be erased
          </Typography>
          {data.due.length === 0 ? (
            <Typography sx={{ mb: 2 }}>Nothing is due to be erased.</Typography>
          ) : (
            <>
              <RetentionTable students={data.due} label="Students whose data is due to be erased" />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
                <Button variant="outlined" onClick={check} disabled={erase.isPending}>
                  Check what would be erased
                </Button>
                <Button variant="contained" color="error" onClick={() => setAsking(true)} disabled={erase.isPending || !checked || checked.students === 0}>
                  Erase due data
                </Button>
              </Stack>
              {erase.isPending && !asking && <LinearProgress sx={{ mt: 2 }} aria-label="Counting what would be erased" />}
              {erase.error && !asking && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {erase.error instanceof ApiError ? erase.error.firstMessage : 'What is due could not be counted.'}
                </Alert>
              )}
              {checked && (
                <Alert severity="info" sx={{ mt: 2 }} aria-live="polite">
                  {checked.message}
                </Alert>
              )}
            </>
          )}
          {data.upcoming.length > 0 && (
            <>
              <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mt: 3, mb: 1 }}>
                Due later
              </Typography>
              <RetentionTable students={data.upcoming.slice(0, UPCOMING_SHOWN)} label="Students whose data is due to be erased later" />
              {data.upcoming.length > UPCOMING_SHOWN && (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  And {data.upcoming.length - UPCOMING_SHOWN} more after {data.upcoming[UPCOMING_SHOWN - 1].due_on}.
                </Typography>
              )}
            </>
          )}
        </>
      )}
      <Dialog open={asking} onClose={() => !erase.isPending && setAsking(false)} aria-labelledby="erase-due-data-title">
        <DialogTitle id="erase-due-data-title">Erase health data and documents?</DialogTitle>
        <DialogContent>
          {checked?.message} This cannot be undone.
          {erase.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Erasing" />}
          {erase.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {erase.error instanceof ApiError ? erase.error.firstMessage : 'The data could not be erased.'}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={confirm} disabled={erase.isPending}>
            Erase
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
