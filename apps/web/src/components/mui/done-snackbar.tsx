import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

/**
 * The staff screens' one snackbar: what was just done ('2026-2027 Term 1 reports posted.'),
 * shown while `message` is set, until Close or Escape; a click elsewhere on the screen leaves it.
 */
export function DoneSnackbar({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Snackbar
      open={message !== null}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      message={message}
      action={
        <Button color="inherit" size="small" onClick={onClose}>
          Close
        </Button>
      }
    />
  );
}
