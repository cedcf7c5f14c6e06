import { Outlet } from '../lib/router/index.ts';
import { MuiTheme } from '../components/mui/mui-theme.tsx';

/** The layout route of every MUI screen: the theme and MUI's global styles around them. */
export default function MuiScreens() {
  return (
    <MuiTheme baseline>
      <Outlet />
    </MuiTheme>
  );
}
