import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SchoolCrest } from '../../components/school-crest.tsx';
import type { NavEntry } from '../navigation.ts';
import { MuiTheme } from '../../components/mui-theme.tsx';

/** The menu of a small screen, opened from the top bar's menu button: the main entries, then her account's. */
export function NavDrawer({
  open,
  onClose,
  schoolName,
  entries,
  accountEntries,
  path,
}: {
  open: boolean;
  onClose: () => void;
  schoolName: string;
  entries: NavEntry[];
  accountEntries: NavEntry[];
  path: string;
}) {
  return (
    <MuiTheme>
      <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
        <Box component="nav" aria-label="Main" sx={{ width: 260 }} onClick={onClose}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
            <SchoolCrest size={28} />
            <Typography sx={{ fontWeight: 600 }}>{schoolName}</Typography>
          </Box>
          <List component="div">
            {entries.map((entry) => (
              <ListItemButton key={entry.to} component={RouterLink} to={entry.to} selected={path === entry.to}>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            ))}
          </List>
          {accountEntries.length > 0 && (
            <>
              <Divider />
              <List component="div" role="group" aria-label="Account">
                {accountEntries.map((entry) => (
                  <ListItemButton key={entry.to} component={RouterLink} to={entry.to} selected={path === entry.to}>
                    <ListItemText primary={entry.label} />
                  </ListItemButton>
                ))}
              </List>
            </>
          )}
        </Box>
      </Drawer>
    </MuiTheme>
  );
}
