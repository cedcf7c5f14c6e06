import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Where an autosaved value stands: being sent, stored, or refused / not sent. */
export type SaveStatus = 'saving' | 'saved' | 'error';

/**
 * The per-field autosave mark (SPEC §4): a small spinner while saving, then a check mark, or a
 * red alert icon when the save failed. Each state has a name for screen readers; with no status
 * it keeps its space so the field does not shift when saving starts.
 */
export function SaveIndicator({ status, label }: { status: SaveStatus | undefined; label: string }) {
  return (
    <Box
      component="span"
      data-save-status={status ?? 'idle'}
      sx={{ display: 'inline-flex', width: 20, height: 20, flexShrink: 0, alignItems: 'center', justifyContent: 'center' }}
    >
      {status === 'saving' && <CircularProgress size={16} aria-label={`Saving ${label}`} />}
      {status === 'saved' && <CheckCircleIcon fontSize="small" color="success" titleAccess={`${label} saved`} />}
      {status === 'error' && <ErrorOutlineIcon fontSize="small" color="error" titleAccess={`${label} not saved`} />}
    </Box>
  );
}
