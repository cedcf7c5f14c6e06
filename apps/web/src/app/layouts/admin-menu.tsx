import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import { useId, useState } from 'react';
import { Link as RouterLink, matchPath, useLocation } from '../../lib/router/index.ts';
import type { AdminMenuEntry, AdminScreen } from '../admin-screens.ts';

/**
 * The admin menu (SPEC §2): a side menu on wide screens; on a phone one button naming the current
 * screen that opens the same list below it, so nothing needs sideways scrolling. The entry of the
 * current URL is marked (`aria-current="page"`).
 */
export function AdminMenu({ entries }: { entries: AdminMenuEntry[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const isCurrent = (screen: AdminScreen) => matchPath(screen.path, pathname) !== null;
  const current = entries
    .flatMap((entry) =>
      'screens' in entry ? entry.screens.map((screen) => ({ screen, name: `${entry.label}: ${screen.label}` })) : [{ screen: entry, name: entry.label }],
    )
    .find(({ screen }) => isCurrent(screen));

  const link = (screen: AdminScreen, nested = false) => (
    <ListItemButton
      key={screen.path}
      component={RouterLink}
      to={screen.path}
      selected={isCurrent(screen)}
      aria-current={isCurrent(screen) ? 'page' : undefined}
      onClick={() => setOpen(false)}
      sx={nested ? { pl: 4 } : undefined}
    >
      <ListItemText primary={screen.label} />
    </ListItemButton>
  );

  return (
    <Paper component="nav" aria-label="Admin menu" sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}>
      <Button
        fullWidth
        color="inherit"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
        startIcon={<MenuIcon />}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{
          display: { md: 'none' },
          justifyContent: 'flex-start',
          textTransform: 'none',
          fontSize: '1rem',
          py: 1.25,
          px: 2,
          '& .MuiButton-endIcon': { ml: 'auto' },
        }}
      >
        {current?.name ?? 'Admin menu'}
      </Button>
      <List id={listId} component="div" sx={{ display: { xs: open ? 'block' : 'none', md: 'block' } }}>
        {entries.map((entry, index) =>
          'screens' in entry ? (
            <Box key={entry.label} role="group" aria-labelledby={`${listId}-group-${index}`}>
              <ListSubheader component="div" id={`${listId}-group-${index}`} disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
                {entry.label}
              </ListSubheader>
              {entry.screens.map((screen) => link(screen, true))}
            </Box>
          ) : (
            link(entry)
          ),
        )}
      </List>
    </Paper>
  );
}
