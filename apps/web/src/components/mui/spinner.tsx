import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The staff screens' one spinner (MUI's), named for screen readers by what it waits for: `centred`
 * holds the place of what is coming, `small` sits in a button or beside a word that names it.
 */
export function Spinner({ label, small = false, centred = false }: { label?: string; small?: boolean; centred?: boolean }) {
  const spinner = <CircularProgress aria-label={label} size={small ? 16 : undefined} />;
  return centred ? <Box sx={{ display: 'flex', justifyContent: 'center', pt: 6 }}>{spinner}</Box> : spinner;
}
