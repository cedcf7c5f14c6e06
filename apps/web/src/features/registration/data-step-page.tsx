import type { StepKey } from '@school/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { saveHealthData } from './api/save-health-data.ts';
import { useAutosave } from './autosave-context.tsx';
import { StepForm } from './components/step-form.tsx';

/** Steps 1–4: every field of the step, saving as the student goes. */
export function DataStepPage({ step }: { step: StepKey }) {
  const { readOnly } = useOutletContext<{ readOnly: boolean }>();
  return (
    <Stack spacing={2}>
      <StepForm step={step} readOnly={readOnly} />
      {step === 'healthData' && <SaveHealthData readOnly={readOnly} />}
    </Stack>
  );
}

/**
 * Health Data has no required field, so it counts as done only once she has checked it and
 * pressed Save Health Data (decision 026).
 */
function SaveHealthData({ readOnly }: { readOnly: boolean }) {
  const { store, state } = useAutosave();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const done = state.progress.healthData === 1;

  const save = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await store.flush();
      const answer = await saveHealthData(String(state.record.id));
      store.setProgress(answer.progress);
      setOutcome(
        answer.progress.healthData === 1
          ? { ok: true, message: answer.message }
          : { ok: false, message: 'Health Data was saved, but a field above still needs correcting.' },
      );
    } catch (caught) {
      setOutcome({ ok: false, message: caught instanceof ApiError ? caught.firstMessage : 'Health Data could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="save-health-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="save-health-title" variant="h3" component="h2" gutterBottom>
        Save Health Data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {done
          ? 'Health Data is saved. If anything changes, update it above and save again.'
          : 'Check each item above (leave a switch off when it does not apply), then save. Health Data counts as done once it is saved.'}
      </Typography>
      <Button variant="contained" onClick={() => void save()} disabled={readOnly || busy}>
        Save Health Data
      </Button>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 2 }} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      )}
    </Paper>
  );
}
