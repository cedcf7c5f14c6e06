import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { academicYearLabel, proposedNextClass, type RolloverResult, type SchoolYear } from '@school/contract';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';
import { useRollOver } from '../api/roll-over.ts';
import { ClassMoveRow, type ClassMove } from './class-move-row.tsx';
import { useStepUp } from '../../../components/mui/step-up-dialog.tsx';

/** What a check or an apply found, as the admin reads it. */
function RolloverFindings({ result }: { result: RolloverResult }) {
  return (
    <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
      <Typography>
        {result.dry_run ? 'Checked: ' : 'Done: '}
        {result.promoted} {result.promoted === 1 ? 'student moves' : 'students move'} up, {result.left} {result.left === 1 ? 'leaves' : 'leave'}.
      </Typography>
      {result.errors.map((error) => (
        <Alert key={`${error.class_id}-${error.message}`} severity="error">
          {error.message}
        </Alert>
      ))}
      {result.warnings.map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * The rollover into the next year: every class with its students and where they go (proposed:
 * the same letter in the next form, the top form leaving), a check that changes nothing, and the
 * apply, asked once more and shown in progress.
 */
export function RolloverPanel({ year, onDone }: { year: SchoolYear; onDone: (message: string) => void }) {
  const next = academicYearLabel(year.year + 1);
  const [moves, setMoves] = useState<Record<string, ClassMove>>(() =>
    Object.fromEntries(year.classes.map((entry) => [entry.class_id, { to: proposedNextClass(entry, year.classes), reason: '' }])),
  );
  const [checked, setChecked] = useState<RolloverResult | null>(null);
  const [asking, setAsking] = useState(false);
  const rollOver = useRollOver();
  // The rollover itself (not its check) needs a second factor given in the last 15 minutes: asked for, then made again.
  const { guard, dialog } = useStepUp();
  const request = (dryRun: boolean) => ({
    to_year: year.year + 1,
    classes: year.classes.map(({ class_id }) => ({
      from: class_id,
      to: moves[class_id].to,
      ...(moves[class_id].reason.trim() ? { reason: moves[class_id].reason.trim() } : {}),
    })),
    dry_run: dryRun,
  });

  const change = (classId: string, move: ClassMove) => {
    setMoves((current) => ({ ...current, [classId]: move }));
    setChecked(null);
  };
  const check = async () => setChecked(await rollOver.mutateAsync(request(true)).catch(() => null));
  const apply = async () => {
    const result = await guard(() => rollOver.mutateAsync(request(false))).catch(() => null);
    if (!result) return;
    setChecked(result);
    setAsking(false);
    if (!result.dry_run && result.errors.length === 0) onDone(`The school is now in ${next}: ${result.promoted} students moved up, ${result.left} left.`);
  };

  return (
    <>
      {dialog}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Move into {next}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Check where each class goes, then apply. Students keep their data and review it for the new year; registration closes for every form until you open it
        in Registration Settings.
      </Typography>
      <Table size="small" aria-label="Classes and where they go" sx={cardsOnPhone}>
        <TableHead>
          <TableRow>
            <TableCell>Class</TableCell>
            <TableCell>Students</TableCell>
            <TableCell>Next class</TableCell>
            <TableCell>Why they leave</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {year.classes.map((entry) => (
            <ClassMoveRow
              key={entry.class_id}
              entry={entry}
              classes={year.classes}
              move={moves[entry.class_id]}
              onChange={(move) => change(entry.class_id, move)}
            />
          ))}
        </TableBody>
      </Table>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={check} disabled={rollOver.isPending}>
          Check rollover
        </Button>
        <Button variant="contained" onClick={() => setAsking(true)} disabled={rollOver.isPending || !checked || checked.errors.length > 0}>
          Apply rollover
        </Button>
      </Stack>
      {rollOver.isPending && !asking && <LinearProgress sx={{ mt: 2 }} aria-label="Checking the rollover" />}
      {rollOver.error && !asking && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {rollOver.error instanceof ApiError ? rollOver.error.firstMessage : 'The rollover could not be checked.'}
        </Alert>
      )}
      {checked && <RolloverFindings result={checked} />}
      <Dialog open={asking} onClose={() => !rollOver.isPending && setAsking(false)} aria-labelledby="apply-rollover-title">
        <DialogTitle id="apply-rollover-title">Move the school into {next}?</DialogTitle>
        <DialogContent>
          {checked?.promoted ?? 0} students move up and {checked?.left ?? 0} leave. It can be undone for 14 days, until a student saves in the new year.
          {rollOver.isPending && (
            <>
              <Typography sx={{ mt: 2 }}>Moving the school into {next}, please stand by.</Typography>
              <LinearProgress sx={{ mt: 1 }} aria-label="Applying the rollover" />
            </>
          )}
          {rollOver.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {rollOver.error instanceof ApiError ? rollOver.error.firstMessage : 'The rollover could not be applied.'}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={rollOver.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={apply} disabled={rollOver.isPending}>
            Apply
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
