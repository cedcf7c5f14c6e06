import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MuiTheme } from '../../components/mui/mui-theme.tsx';
import { LEAVE_TEXT, LEAVE_TITLE } from './wizard-questions.ts';

/**
 * Asked when she leaves the wizard inside the app while a change is still unsaved (decision 007).
 * Loaded only then, it brings MUI's theme with it: the wizard around it is drawn without MUI.
 */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return (
    <MuiTheme>
      <Dialog open onClose={onStay} aria-labelledby="leave-title">
        <DialogTitle id="leave-title">{LEAVE_TITLE}</DialogTitle>
        <DialogContent>{LEAVE_TEXT}</DialogContent>
        <DialogActions>
          <Button onClick={onStay} autoFocus>
            Stay
          </Button>
          <Button color="error" onClick={onLeave}>
            Leave
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
