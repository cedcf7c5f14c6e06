import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MuiTheme } from '../../components/mui/mui-theme.tsx';
import { removeText, removeTitle } from './wizard-questions.ts';

/**
 * 'Remove Birth Certificate?': asked before an uploaded document is deleted. Loaded only when she
 * presses Remove, it brings MUI's theme with it: the documents step around it is drawn without MUI.
 */
export function RemoveFileDialog({
  id,
  title,
  fileName,
  onCancel,
  onRemove,
}: {
  id: string;
  title: string;
  fileName: string | undefined;
  onCancel: () => void;
  onRemove: () => void;
}) {
  return (
    <MuiTheme>
      <Dialog open onClose={onCancel} aria-labelledby={id}>
        <DialogTitle id={id}>{removeTitle(title)}</DialogTitle>
        <DialogContent>{removeText(fileName)}</DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button color="error" variant="contained" onClick={onRemove}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
