import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { notificationKindLabels, type notificationKinds } from '@school/contract/notifications';
import { useNotificationPreview } from '../api/get-notification-preview.ts';

/** A sample of a kind's message, about a made-up student: its subject and its words. */
export function PreviewDialog({ kind, onClose }: { kind: (typeof notificationKinds)[number]; onClose: () => void }) {
  const { data, error, isPending } = useNotificationPreview(true);
  const sample = data?.find((item) => item.kind === kind);
  return (
    <Dialog open onClose={onClose} aria-labelledby="preview-title" fullWidth maxWidth="sm">
      <DialogTitle id="preview-title">Preview: {notificationKindLabels[kind]}</DialogTitle>
      <DialogContent>
        {isPending && <LinearProgress aria-label="Loading the preview" />}
        {error && (
          <Alert severity="error" role="alert">
            The preview could not be loaded. Please try again.
          </Alert>
        )}
        {sample && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              A sample about a made-up student
            </Typography>
            <Typography variant="subtitle1" component="p" gutterBottom>
              {sample.subject}
            </Typography>
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0 }}>
              {sample.text}
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
