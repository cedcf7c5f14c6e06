import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactElement, ReactNode } from 'react';
import { ROW_HEIGHT } from './use-virtual-rows.ts';

type MuiIcon = typeof DescriptionIcon;

/**
 * A Material icon's drawing (its `<path>`), for a plain `<svg>`. MUI's icons are memoised
 * forwardRef components that wrap the drawing in SvgIcon; should that ever change, the icon
 * itself is drawn instead.
 */
export function drawingOf(Icon: MuiIcon): ReactNode {
  const render = (Icon as unknown as { type?: { render?: unknown } }).type?.render;
  const drawn = typeof render === 'function' ? (render as (props: object, ref: null) => ReactElement<{ children?: ReactNode }>)({}, null) : null;
  return drawn?.props.children ?? <Icon fontSize="inherit" />;
}

/** A Material icon's path, as the `d` of its drawing. */
function pathOf(Icon: MuiIcon): string {
  const drawing = drawingOf(Icon) as ReactElement<{ d?: string }> | null;
  return typeof drawing?.props?.d === 'string' ? drawing.props.d : '';
}

/** An icon's path as a CSS image, for a mask that takes the text's colour. */
const iconImage = (Icon: MuiIcon) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${pathOf(Icon)}"/></svg>`)}")`;

/** The icons of the students table's buttons (a row's Actions menu), as CSS images made once. */
export const rowActionIcons = {
  menu: iconImage(ArrowDropDownIcon),
  form: iconImage(DescriptionIcon),
  edit: iconImage(EditIcon),
  reset: iconImage(LockResetIcon),
  attendance: iconImage(EventAvailableIcon),
  termReports: iconImage(AssessmentIcon),
};

/**
 * The look of any `.row-action` button with a `data-icon`, set once on the table: MUI's small
 * IconButton, with a visible focus ring. A row's 'Actions ▾' button (`.row-menu`) is a small
 * text button with its arrow after its name; on a phone the student's name is a button too.
 */
export const rowActionStyle = {
  '& .row-action': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: '5px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    cursor: 'pointer',
    transition: (theme: Theme) => theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { bgcolor: 'action.hover' },
    '&:disabled': { color: 'action.disabled', cursor: 'default', bgcolor: 'transparent' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px', bgcolor: 'action.focus' },
    '&::before': {
      content: '""',
      display: 'block',
      width: 18,
      height: 18,
      bgcolor: 'currentColor',
      maskPosition: 'center',
      maskSize: 'contain',
      maskRepeat: 'no-repeat',
    },
  },
  '& .row-menu': {
    flexDirection: 'row-reverse',
    gap: 0.25,
    py: 0.5,
    pl: 1,
    pr: 0.5,
    borderRadius: 1,
    color: 'primary.main',
    font: 'inherit',
    fontWeight: 500,
    '&[aria-expanded="true"]': { bgcolor: 'action.selected' },
    '&::before': { width: 20, height: 20 },
  },
  '& .name-button': {
    display: 'block',
    width: '100%',
    height: ROW_HEIGHT - 1,
    p: 0,
    border: 0,
    bgcolor: 'transparent',
    font: 'inherit',
    color: 'primary.main',
    textAlign: 'left',
    textDecoration: 'underline',
    textUnderlineOffset: 3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'pointer',
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
  },
  ...Object.fromEntries(Object.entries(rowActionIcons).map(([icon, image]) => [`& .row-action[data-icon="${icon}"]::before`, { maskImage: image }])),
} satisfies SxProps<Theme>;
