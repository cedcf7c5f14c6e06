import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { PdfFile } from '../../api/fetch-pdf.ts';
import { LazyPdfDialog } from '../../components/light/lazy-pdf-dialog.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { useOnArrival } from '../../lib/use-on-arrival.ts';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { getRegistrationReport } from './api/get-registration-report.ts';
import { LeaversChoice } from './components/leavers-choice.tsx';

type Stage = { kind: 'loading' } | { kind: 'ready'; file: PdfFile } | { kind: 'failed'; message: string };

/**
 * `/admin/reports` (SPEC §2 Reports): the registration report for all classes. It is a whole-school
 * export (decision 049), so it is fetched through the step-up: the code is asked for when the
 * server wants it, then the report opens in the portal's PDF viewer (decision 044), once per visit.
 * Students who have left are in it only when asked for (decision 069): the choice makes it again.
 */
export default function RegistrationReportPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [viewing, setViewing] = useState(false);
  const [includeLeavers, setIncludeLeavers] = useState(false);
  const { guard, dialog } = useStepUp();

  const load = useCallback(
    async (withLeavers = false) => {
      setStage({ kind: 'loading' });
      try {
        setStage({ kind: 'ready', file: await guard(() => getRegistrationReport(withLeavers)) });
        setViewing(true);
      } catch (caught) {
        setStage({ kind: 'failed', message: caught instanceof ApiError ? caught.message : messages.reportNotMade });
      }
    },
    [guard],
  );

  useOnArrival(useCallback(() => void load(), [load]));

  return (
    <>
      <PageTitle>Registration Report</PageTitle>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography>
            A summary of the school, then each class with its students&apos; progress and the documents they still owe. Students who have left the school are
            not in it, as in the students table&apos;s total, unless you include them.
          </Typography>
          <LeaversChoice
            checked={includeLeavers}
            disabled={stage.kind === 'loading'}
            onChange={(checked) => {
              setIncludeLeavers(checked);
              void load(checked);
            }}
          />
          {stage.kind === 'loading' && <LinearProgress aria-label="Making the report" />}
          {stage.kind === 'failed' && (
            <Alert severity="error" role="alert">
              The report could not be opened: {stage.message}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {stage.kind === 'ready' ? (
              <Button variant="contained" onClick={() => setViewing(true)}>
                Open the report
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void load(includeLeavers)} disabled={stage.kind === 'loading'}>
                Try again
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      {dialog}
      {viewing && stage.kind === 'ready' && <LazyPdfDialog title="Registration Report" source={stage.file} onClose={() => setViewing(false)} />}
    </>
  );
}
