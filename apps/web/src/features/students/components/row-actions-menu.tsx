import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import HistoryIcon from '@mui/icons-material/History';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Permission } from '@school/contract/staff-roles';
import { useMay } from '../../../lib/use-may.ts';
import type { TableRow } from './table-rows.ts';

/** What a row's action asks of the table: a dialog over it, or another screen. */
export type Action = 'form' | 'edit' | 'reset' | 'attendance' | 'termReports' | 'years' | 'invite' | 'leaving';

/**
 * A row's actions by the names of SPEC §2: the everyday ones first, then resetting the student's
 * password, which takes away the one she chose and is rarely needed, set apart at the end.
 */
export const ROW_ACTIONS = [
  { action: 'form', name: 'Registration Form', Icon: DescriptionIcon, permission: 'records:read' },
  { action: 'edit', name: 'Edit', Icon: EditIcon, permission: 'records:write' },
  { action: 'attendance', name: 'Attendance', Icon: EventAvailableIcon, permission: 'class:read' },
  { action: 'termReports', name: 'Term Reports', Icon: AssessmentIcon, permission: 'class:read' },
  { action: 'years', name: 'School Years', Icon: HistoryIcon, permission: 'records:read' },
  // An invitation to a parent's address to link her account to the student (decision 062).
  { action: 'invite', name: 'Invite a parent', Icon: PersonAddIcon, permission: 'records:write' },
  { action: 'reset', name: 'Reset password', Icon: LockResetIcon, permission: 'records:write', apart: true },
  { action: 'leaving', name: 'Mark as left', Icon: LogoutIcon, permission: 'records:write' },
] as const satisfies ReadonlyArray<{ action: Action; name: string; Icon: unknown; permission: Permission; apart?: boolean }>;

/** What a student who has left can still have done: her records read, or her return (her row is read-only). */
const LEAVER_ACTIONS = new Set<Action>(['form', 'attendance', 'termReports', 'years', 'leaving']);

/** A row's actions: all of them, or for a student who has left only those that read, and 'Bring back' in place of 'Mark as left'. */
const actionsFor = (row: TableRow) =>
  row.left_on
    ? ROW_ACTIONS.filter((item) => LEAVER_ACTIONS.has(item.action)).map((item) =>
        item.action === 'leaving' ? { ...item, name: 'Bring back', apart: true as const } : item,
      )
    : ROW_ACTIONS;

/** The tooltip of a row's 'Actions ▾' button: what its menu holds. */
export const ROW_MENU_TIP = ROW_ACTIONS.map((item) => item.name).join(', ');

/** A row's open actions: beside its 'Actions ▾' button on a wide screen, or as a sheet from the bottom of a phone's. */
export type OpenActions = { row: TableRow; anchor: HTMLElement; sheet: boolean };

/**
 * The actions of the row whose 'Actions ▾' button (or, on a phone, whose name) was chosen: a
 * menu by its button, or a sheet headed by the student's name. Each item shows its name; in the
 * menu, its tooltip names the student. One menu serves the whole table, drawn only while open, so a
 * row draws a single button for its actions. Closing gives the focus back to what opened it.
 */
export function RowActionsMenu({
  open,
  onClose,
  onAction,
}: {
  open: OpenActions | null;
  onClose: () => void;
  onAction: (action: Action, row: TableRow) => void;
}) {
  const titleId = useId();
  const may = useMay();
  if (!open) return null;
  const { row, anchor, sheet } = open;
  const choose = (action: Action) => {
    onClose();
    onAction(action, row);
  };
  // A teacher's rows offer what her role may do: her class's attendance and term reports (decision 048).
  const items = actionsFor(row)
    .filter((item) => may(item.permission))
    .flatMap(({ action, name, Icon, permission: _permission, ...item }) => {
      const menuItem = (
        <MenuItem
          key={action}
          onClick={() => choose(action)}
          sx={'apart' in item ? { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } } : undefined}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{name}</ListItemText>
        </MenuItem>
      );
      return [
        ...('apart' in item ? [<Divider key="apart" />] : []),
        // The sheet's heading names the student; a tooltip there would only cover the item above it.
        // By the menu, the tooltip never takes the pointer, so it cannot stand in the way of another item.
        sheet ? (
          menuItem
        ) : (
          <Tooltip key={action} title={`${name} of ${row.name}`} placement="left" describeChild disableInteractive>
            {menuItem}
          </Tooltip>
        ),
      ];
    });
  if (!sheet) {
    return (
      <Menu
        open
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': `Actions for ${row.name}` } }}
      >
        {items}
      </Menu>
    );
  }
  return (
    <Drawer
      open
      anchor="bottom"
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, pb: 1 } } }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ px: 2, pt: 2, pb: 0.5, fontWeight: 600 }}>
        {row.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {row.id}
        {row.class_id ? ` · ${row.class_id}` : ''}
      </Typography>
      <MenuList autoFocusItem aria-label={`Actions for ${row.name}`}>
        {items}
      </MenuList>
    </Drawer>
  );
}
