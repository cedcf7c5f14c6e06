import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RegistrationSettings } from './components/registration-settings.tsx';
import { StudentsTable } from './components/students-table.tsx';

/** The admin side menu's entries built so far; one is active at a time (SPEC §2). */
const menu = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'registrationSettings', label: 'Registration Settings' },
] as const;
type MenuKey = (typeof menu)[number]['key'];

/** `/admin/dashboard`: the side menu and the active screen. */
export default function AdminDashboardPage() {
  const [active, setActive] = useState<MenuKey>('dashboard');
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
      <Paper component="nav" aria-label="Admin menu" sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}>
        <List component="div" sx={{ display: { xs: 'flex', md: 'block' } }}>
          {menu.map((entry) => (
            <ListItemButton
              key={entry.key}
              selected={active === entry.key}
              aria-current={active === entry.key ? 'page' : undefined}
              onClick={() => setActive(entry.key)}
            >
              <ListItemText primary={entry.label} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.4rem', sm: '1.8rem' } }}>
          {active === 'dashboard' ? 'Admin Dashboard' : 'Registration Settings'}
        </Typography>
        {active === 'dashboard' ? <StudentsTable /> : <RegistrationSettings />}
      </Box>
    </Box>
  );
}
