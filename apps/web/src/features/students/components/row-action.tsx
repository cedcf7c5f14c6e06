import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { SxProps, Theme } from '@mui/material/styles';
import { forwardRef, type MouseEvent, type ReactElement, type ReactNode } from 'react';

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

/** The drawings of the students table's row actions, made once. */
export const rowActionIcons = {
  form: drawingOf(DescriptionIcon),
  edit: drawingOf(EditIcon),
  reset: drawingOf(LockResetIcon),
  attendance: drawingOf(EventAvailableIcon),
  termReports: drawingOf(AssessmentIcon),
};

type RowActionProps = {
  label: string;
  icon: keyof typeof rowActionIcons;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Set by the grid's actions cell, which moves the focus between a row's actions with the arrow keys. */
  tabIndex?: number;
  /** Given by the grid's actions cell for MUI's ripple, which a plain button does not have. */
  touchRippleRef?: unknown;
};

/**
 * One of a row's actions in the students table (decision 030): a plain button with the icon's
 * drawing, which looks like MUI's small icon button through `rowActionStyle`. Typing in the
 * search box draws the rows in view afresh, some 50 of these with them, and MUI's IconButton
 * with its SvgIcon made them the largest part of each key's time.
 */
export const RowAction = forwardRef<HTMLButtonElement, RowActionProps>(function RowAction({ label, icon, onClick, tabIndex }, ref) {
  return (
    <button ref={ref} type="button" className="row-action" aria-label={label} tabIndex={tabIndex} onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {rowActionIcons[icon]}
      </svg>
    </button>
  );
});

/** The look of `RowAction`, set once on the table: MUI's small IconButton, with a visible focus ring. */
export const rowActionStyle: SxProps<Theme> = {
  '& .row-action': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: '5px',
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    color: 'action.active',
    fontSize: '1.125rem',
    cursor: 'pointer',
    transition: (theme: Theme) => theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px', bgcolor: 'action.focus' },
    '& svg': { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 },
  },
};
