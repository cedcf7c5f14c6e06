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

/** What a dialog of a message's words shows: a line above the words, the subject when the title is not it, and the words. */
type Shown = { caption: string; subject?: string; text: string };

/** A message's words in a dialog, loaded by the caller; `what` names it in the loading and error lines. */
export function MessageTextDialog({
  title,
  what,
  shown,
  isPending,
  error,
  onClose,
}: {
  title: string;
  what: string;
  shown: Shown | undefined;
  isPending: boolean;
  error: unknown;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="message-title" fullWidth maxWidth="sm">
      <DialogTitle id="message-title">{title}</DialogTitle>
      <DialogContent>
        {isPending && <LinearProgress aria-label={`Loading the ${what}`} />}
        {error ? (
          <Alert severity="error" role="alert">
            The {what} could not be loaded. Please try again.
          </Alert>
        ) : null}
        {shown && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {shown.caption}
            </Typography>
            {shown.subject && (
              <Typography variant="subtitle1" component="p" gutterBottom>
                {shown.subject}
              </Typography>
            )}
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}>
              {shown.text}
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

/** A message as its recipient reads it: to whom, its subject and its words. */
export function MessageDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error, isPending } = useMessage(id);
  const shown = data && { caption: `To ${data.recipient}`, text: data.text };
  return <MessageTextDialog title={data?.subject ?? 'Message'} what="message" shown={shown} isPending={isPending} error={error} onClose={onClose} />;
}
