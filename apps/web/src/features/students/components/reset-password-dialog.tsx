import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { ApiError } from '../../../api/client.ts';
import type { StudentRow } from '../api/get-students.ts';
import { useResetStudentPassword } from '../api/reset-student-password.ts';

/** SPEC §2 reset-password dialog: confirm, in progress with a bar, then success (or why not) with Ok. */
export function ResetPasswordDialog({ student, name, onClose }: { student: StudentRow; name: string; onClose: () => void }) {
  const reset = useResetStudentPassword();
  const stage = reset.isIdle ? 'confirm' : reset.isPending ? 'resetting' : reset.isSuccess ? 'done' : 'failed';
  const failure = reset.error instanceof ApiError ? reset.error.firstMessage : 'The password could not be reset. Please try again.';

  return (
    <Dialog open onClose={stage === 'resetting' ? undefined : onClose} aria-labelledby="reset-title" fullWidth maxWidth="xs">
      <DialogTitle id="reset-title">Reset Password</DialogTitle>
      <DialogContent>
        {stage === 'confirm' && <DialogContentText>Are you sure you want to reset {name} password?</DialogContentText>}
        {stage === 'resetting' && (
          <>
            <DialogContentText sx={{ mb: 2 }}>Resetting {name} password</DialogContentText>
            <LinearProgress aria-label={`Resetting ${name} password`} />
          </>
        )}
        {stage === 'done' && (
          <DialogContentText>
            {name}&apos;s password has been reset. She can now sign in with her date of birth (yyyymmdd) and choose a new password.
          </DialogContentText>
        )}
        {stage === 'failed' && <DialogContentText color="error">{failure}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        {stage === 'confirm' && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => reset.mutate(student.id)}>
              Ok
            </Button>
          </>
        )}
        {(stage === 'done' || stage === 'failed') && (
          <Button variant="contained" onClick={onClose}>
            Ok
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
