import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MuiTheme } from './mui-theme.tsx';

/** Shows a message handed over by the previous screen (`navigate(to, { state: { snackbar } })`), with a close button. */
export function RouteSnackbar() {
  const location = useLocation();
  const message = (location.state as { snackbar?: string } | null)?.snackbar;
  const [open, setOpen] = useState(Boolean(message));
  useEffect(() => setOpen(Boolean(message)), [message, location.key]);
  return (
    <MuiTheme>
      <Snackbar
        open={open}
        autoHideDuration={6000}
        onClose={(_, reason) => reason !== 'clickaway' && setOpen(false)}
        message={message}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        // At the foot of the window, clear of the page's title: on a phone above the wizard's step
        // bar and the floating menu's button, wider beside that button.
        sx={{ bottom: { xs: 148, sm: 24 } }}
        action={
          <IconButton size="small" color="inherit" aria-label="Close" onClick={() => setOpen(false)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
    </MuiTheme>
  );
}
