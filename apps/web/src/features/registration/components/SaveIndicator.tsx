import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import type { FieldStatus } from '../autosave-store.ts';

/** Saving (spinner), saved (check mark) or failed (red alert icon), with a name for screen readers. */
export function SaveIndicator({ status, label }: { status: FieldStatus | undefined; label: string }) {
  if (!status) return <Box sx={{ width: 20 }} />;
  const common = { fontSize: 'small' as const, role: 'img' as const };
  return (
    <Box component="span" sx={{ display: 'inline-flex', width: 20, justifyContent: 'center' }} data-save-status={status}>
      {status === 'saving' && <CircularProgress size={16} aria-label={`Saving ${label}`} />}
      {status === 'saved' && <CheckCircleIcon {...common} color="success" aria-label={`${label} saved`} />}
      {status === 'error' && <ErrorOutlineIcon {...common} color="error" aria-label={`${label} not saved`} />}
    </Box>
  );
}
