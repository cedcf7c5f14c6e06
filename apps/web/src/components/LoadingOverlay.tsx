import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

/** Covers the screen while work is in progress (SPEC §2 common layout). */
export function LoadingOverlay({ open, label = 'Loading' }: { open: boolean; label?: string }) {
  return (
    <Backdrop open={open} sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 1 }}>
      <CircularProgress color="inherit" aria-label={label} />
    </Backdrop>
  );
}
