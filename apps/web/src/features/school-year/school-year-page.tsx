import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageTitle } from '../../components/light/page-title.tsx';
import { useSchoolYear } from './api/get-school-year.ts';
import { RetentionPanel } from './components/retention-panel.tsx';
import { RolloverPanel } from './components/rollover-panel.tsx';
import { UndoRolloverPanel } from './components/undo-rollover-panel.tsx';

/** `/admin/school-year`, New School Year: the current year, the last rollover with its undo, the rollover into the next year, and leavers' data due to be erased. */
export default function SchoolYearPage() {
  const { data, error, isPending } = useSchoolYear();
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <PageTitle>New School Year</PageTitle>
      {isPending && <LinearProgress aria-label="Loading the school year" />}
      {error && <Alert severity="error">The school year could not be loaded. Please reload the page.</Alert>}
      {done && (
        <Alert severity="success" onClose={() => setDone(null)} sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {data && (
        <>
          <Typography sx={{ mb: 2 }}>
            The school is in <strong>{data.label}</strong>.
          </Typography>
          {data.last_rollover && <UndoRolloverPanel rollover={data.last_rollover} onDone={setDone} />}
          <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
            <RolloverPanel key={data.year} year={data} onDone={setDone} />
          </Paper>
          <Paper sx={{ p: { xs: 1.5, sm: 2 }, mt: 3 }}>
            <RetentionPanel />
          </Paper>
        </>
      )}
    </>
  );
}
