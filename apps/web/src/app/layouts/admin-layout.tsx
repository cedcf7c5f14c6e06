import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { adminMenu } from '../admin-screens.ts';
import { AdminMenu } from './admin-menu.tsx';

/** Every admin screen: the admin menu beside it (above it on a phone). */
export default function AdminLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'flex-start' } }}>
      <AdminMenu entries={adminMenu} />
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
