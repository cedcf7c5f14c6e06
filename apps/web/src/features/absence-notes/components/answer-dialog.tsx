import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { absenceNoteLimits, absenceNoteMessages, type AbsenceNoteDecision } from '@school/contract/absence-notes';
import type { AbsenceNote } from '@school/contract/responses';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { formatDayRange } from '../../../lib/format-day.ts';
import { useAnswerAbsenceNote } from '../api/answer-absence-note.ts';
import { studentNameOf } from './words.ts';

/**
 * The office's answer to a note (decision 065), the second click from the list: Accept says what it
 * does (those sessions count as excused); Decline asks why, which the family reads. A note another
 * staff member answered meanwhile is said so (409), and the list shows their answer.
 */
export function AnswerDialog({
  note,
  decision,
  onClose,
  onDone,
}: {
  note: AbsenceNote;
  decision: AbsenceNoteDecision;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const answer = useAnswerAbsenceNote();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const name = studentNameOf(note);
  const accepting = decision === 'accept';
  const answeredBefore = answer.error instanceof ApiError && answer.error.status === 409;

  const confirm = async () => {
    if (!accepting && !reason.trim()) {
      setMissing(true);
      return;
    }
    try {
      const done = await answer.mutateAsync({ id: note.id, answer: accepting ? { decision } : { decision, reason: reason.trim() } });
      onDone(done.message);
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog open onClose={answer.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="answer-note-title">
      <DialogTitle id="answer-note-title">{accepting ? 'Accept this absence note?' : 'Decline this absence note?'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: accepting ? 0 : 2 }}>
          {accepting
            ? `${name}'s absences on ${formatDayRange(note.from, note.to)} that the note covers will show as excused, and her family is told.`
            : `Her family is told the note for ${name} (${formatDayRange(note.from, note.to)}) is declined, and reads your reason in the portal.`}
        </DialogContentText>
        {!accepting && (
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            error={missing}
            helperText={missing ? absenceNoteMessages.declineReasonNeeded : `${reason.length} of ${absenceNoteLimits.declineReason} characters`}
            slotProps={{ htmlInput: { maxLength: absenceNoteLimits.declineReason } }}
          />
        )}
        {answer.error && (
          <Alert severity={answeredBefore ? 'info' : 'error'} sx={{ mt: 2 }}>
            {answer.error instanceof ApiError ? answer.error.firstMessage : 'The answer could not be saved. Please try again.'}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={answer.isPending}>
          {answeredBefore ? 'Close' : 'Cancel'}
        </Button>
        {!answeredBefore && (
          <Button variant="contained" color={accepting ? 'primary' : 'error'} onClick={() => void confirm()} disabled={answer.isPending}>
            {accepting ? 'Accept' : 'Decline'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
