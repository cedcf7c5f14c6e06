import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/** Asked when she leaves the wizard inside the app while a change is still unsaved (decision 007). */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog open onClose={onStay} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">Leave with unsaved changes?</DialogTitle>
      <DialogContent>Some of your changes have not been saved yet. If you leave now they may be lost.</DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          Stay
        </Button>
        <Button color="error" onClick={onLeave}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
