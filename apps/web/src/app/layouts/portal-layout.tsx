import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet } from '../../lib/router/index.ts';
import { SchoolCrest } from '../../components/school-crest.tsx';
import { useIdle } from '../../lib/use-idle.ts';
import type { NavEntry } from '../navigation.ts';
import { isCurrent, useLayoutParts } from './use-layout-parts.tsx';

/** Off-screen until focused, then over the top bar's corner, ringed in white against the bar. */
const skipLinkLook = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  px: 2,
  py: 1,
  bgcolor: 'background.paper',
  color: 'primary.main',
  fontWeight: 700,
  borderRadius: 1,
  '&:focus': { top: 8, outline: '3px solid #ffffff', outlineOffset: 2 },
} as const;

/**
 * The common layout (SPEC §2): top bar with the crest, the school name, the user's initials
 * (name as tooltip; a menu of her account's screens, such as Change Password) and Logout; a drawer
 * on small screens; the floating menu off the dashboard, unless the screens have a menu of their
 * own (`floatingMenu={false}`, the admin's).
 */
export function PortalLayout({
  entries,
  accountEntries = [],
  dashboardPath,
  floatingMenu = true,
}: {
  entries: NavEntry[];
  accountEntries?: NavEntry[];
  dashboardPath: string;
  floatingMenu?: boolean;
}) {
  const screenUp = useIdle();
  const { schoolName, initials, path, skipLink, showFloatingMenu, openDrawer, accountButton, accountMenu, drawer, afterPage } = useLayoutParts({
    entries,
    accountEntries,
    dashboardPath,
    floatingMenu,
    screenUp,
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {/* The first Tab stop: past the menus to the wizard's form, or to the page. */}
      <Box component="a" href={skipLink.href} sx={skipLinkLook}>
        {skipLink.label}
      </Box>
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={openDrawer} sx={{ display: { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Box
            component={RouterLink}
            to={dashboardPath}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            <SchoolCrest size={32} />
            {/* The whole name, on two lines if need be, never cut mid-word into nonsense. */}
            <Typography
              component="span"
              variant="h6"
              data-testid="school-name"
              sx={{
                fontSize: { xs: '0.95rem', sm: '1.25rem' },
                lineHeight: 1.2,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'normal',
              }}
            >
              {schoolName}
            </Typography>
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3 }}>
            {entries.map((entry) => (
              <Button key={entry.to} component={RouterLink} to={entry.to} color="inherit" aria-current={isCurrent(entry.to, path) ? 'page' : undefined}>
                {entry.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {/* Her name as the browser's title: MUI's tooltip would add its positioning code to every screen. */}
          <IconButton {...accountButton} sx={{ p: 0.5, flexShrink: 0 }}>
            <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontSize: '0.95rem' }}>{initials}</Avatar>
          </IconButton>
          {accountMenu}
          {/* On a phone the icon alone, so the school's name keeps its room; its name stays 'Logout'. */}
          <Button component={RouterLink} to="/logout" color="inherit" aria-label="Logout" sx={{ ml: { xs: 0, sm: 1 }, minWidth: 0, flexShrink: 0 }}>
            <LogoutIcon fontSize="small" />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 1 }}>
              Logout
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      {drawer}
      {/* Room at the end of the page where the floating menu shows without covering anything. */}
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flexGrow: 1, '&:focus': { outline: 'none' }, pt: { xs: 2, sm: 3 }, pb: showFloatingMenu ? 11 : { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}
      >
        <Outlet />
      </Container>
      {afterPage}
    </Box>
  );
}
