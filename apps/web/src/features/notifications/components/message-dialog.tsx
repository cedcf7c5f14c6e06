import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMessage } from '../api/get-message.ts';

/** A message as its recipient reads it: to whom, its subject and its words. */
export function MessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error, isPending } = useMessage(id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="message-title" fullWidth maxWidth="sm">
      <DialogTitle id="message-title">{data?.subject ?? 'Message'}</DialogTitle>
      <DialogContent>
        {isPending && <LinearProgress aria-label="Loading the message" />}
        {error && (
          <Alert severity="error" role="alert">
            The message could not be loaded. Please try again.
          </Alert>
        )}
        {data && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              To {data.recipient}
            </Typography>
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
              {data.text}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
