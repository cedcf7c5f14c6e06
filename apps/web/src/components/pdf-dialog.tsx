import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/** A PDF from the portal shown in a frame, full screen or full width, with a Close button. */
export function PdfDialog({
  title,
  src,
  onClose,
  fullScreen = false,
  note,
}: {
  title: string;
  src: string;
  onClose: () => void;
  fullScreen?: boolean;
  note?: string;
}) {
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="lg" aria-labelledby="pdf-dialog-title">
      <DialogTitle id="pdf-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ p: 0, display: 'flex', flexDirection: 'column', height: fullScreen ? undefined : '80vh' }}>
        {note && (
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            {note}
          </Alert>
        )}
        <iframe title={title} src={src} style={{ border: 0, width: '100%', flexGrow: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
