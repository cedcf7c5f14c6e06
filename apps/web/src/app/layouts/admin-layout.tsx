import Box from '@mui/material/Box';
import { Outlet } from '../../lib/router/index.ts';
import { useSession } from '../../api/get-session.ts';
import { adminMenu, menuFor } from '../admin-screens.ts';
import { AdminMenu } from './admin-menu.tsx';

/** Every staff screen: the admin menu of the screens her role may use beside it (above it on a phone). */
export default function AdminLayout() {
  const { data: session } = useSession();
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'flex-start' } }}>
      <AdminMenu entries={menuFor(adminMenu, session?.role ?? 'teacher')} />
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
