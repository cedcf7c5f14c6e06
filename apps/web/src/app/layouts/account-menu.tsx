import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import type { NavEntry } from '../navigation.ts';
import { MuiTheme } from '../../components/mui-theme.tsx';

/** The menu under her initials: her account's screens (such as Change Password) and Logout. */
export function AccountMenu({ anchor, entries, onClose }: { anchor: HTMLElement; entries: NavEntry[]; onClose: () => void }) {
  return (
    <MuiTheme>
      <Menu id="account-menu" anchorEl={anchor} open onClose={onClose}>
        {entries.map((entry) => (
          <MenuItem key={entry.to} component={RouterLink} to={entry.to} onClick={onClose}>
            {entry.label}
          </MenuItem>
        ))}
        <MenuItem component={RouterLink} to="/logout" onClick={onClose}>
          Logout
        </MenuItem>
      </Menu>
    </MuiTheme>
  );
}
