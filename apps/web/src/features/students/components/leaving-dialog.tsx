import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useBringStudentBack } from '../api/bring-student-back.ts';
import { useMarkStudentLeft } from '../api/mark-student-left.ts';
import type { StudentRow } from '../api/get-students.ts';

/**
 * A student's leaving, from her row's actions: marking her as left (with the reason) when she is
 * at the school, or bringing her back when she has left. Closes once done; the table is read again.
 */
export function LeavingDialog({ student, name, onClose }: { student: StudentRow; name: string; onClose: () => void }) {
  const leaving = !student.left_on;
  const [reason, setReason] = useState('');
  const mark = useMarkStudentLeft();
  const back = useBringStudentBack();
  const pending = mark.isPending || back.isPending;
  const error = mark.error ?? back.error;

  const confirm = async () => {
    try {
      if (leaving) await mark.mutateAsync({ studentId: student.id, reason });
      else await back.mutateAsync(student.id);
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="leaving-title" fullWidth maxWidth="xs">
      <DialogTitle id="leaving-title">{leaving ? `Mark ${name} as left?` : `Bring ${name} back?`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {leaving
            ? 'She will no longer be able to sign in. Her report cards and attendance stay readable by admins.'
            : `She left on ${student.left_on}. Brought back, she can sign in again.`}
        </DialogContentText>
        {leaving && (
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
            error={Boolean(error)}
            helperText={error ? (error instanceof ApiError ? error.firstMessage : 'This could not be saved.') : 'For example: moved to another school.'}
          />
        )}
        {!leaving && error && (
          <DialogContentText color="error">{error instanceof ApiError ? error.firstMessage : 'This could not be saved.'}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={pending}>
          {leaving ? 'Mark as left' : 'Bring back'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
