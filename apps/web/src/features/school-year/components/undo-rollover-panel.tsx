import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { academicYearLabel, type LastRollover } from '@school/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useSchoolTimeZone } from '../../../api/get-school-config.ts';
import { formatSchoolDay } from '../../../lib/format-day.ts';
import { useUndoRollover } from '../api/undo-rollover.ts';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';

/** The last rollover, and its undo while it may be undone (until the date it expires). */
export function UndoRolloverPanel({ rollover, onDone }: { rollover: LastRollover; onDone: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  const undo = useUndoRollover();
  // The undo needs a second factor given in the last 15 minutes: asked for, then made again.
  const { guard, dialog } = useStepUp();
  const timeZone = useSchoolTimeZone();
  const from = academicYearLabel(rollover.from_year);
  const summary = `The school moved from ${from} into ${academicYearLabel(rollover.to_year)} on ${formatSchoolDay(rollover.at, timeZone)} (by ${rollover.by}).`;

  const confirm = async () => {
    try {
      const answer = await guard(() => undo.mutateAsync());
      setAsking(false);
      onDone(answer.message);
    } catch {
      // The dialog shows the error.
    }
  };

  return (
    <>
      {dialog}
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          rollover.undo_until && (
            <Button color="inherit" size="small" onClick={() => setAsking(true)}>
              Undo rollover
            </Button>
          )
        }
      >
        {summary}{' '}
        {rollover.undo_until
          ? `It can be undone until ${formatSchoolDay(rollover.undo_until, timeZone)}.`
          : 'It can no longer be undone: 14 days have passed or a student has saved in the new year.'}
      </Alert>
      <Dialog open={asking} onClose={() => !undo.isPending && setAsking(false)} aria-labelledby="undo-rollover-title">
        <DialogTitle id="undo-rollover-title">Undo the rollover?</DialogTitle>
        <DialogContent>
          Every class, leaver, progress flag and agreement goes back to how it was in {from}. Registration settings go back too.
          {undo.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Undoing the rollover" />}
          {undo.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {undo.error instanceof ApiError ? undo.error.firstMessage : 'The rollover could not be undone.'}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={undo.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={confirm} disabled={undo.isPending}>
            Undo
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
