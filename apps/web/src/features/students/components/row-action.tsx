import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FocusEvent, KeyboardEvent, ReactElement, ReactNode } from 'react';

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

/** The icons of the students table's buttons (the row actions and the pager's), as CSS images made once. */
export const rowActionIcons = {
  form: iconImage(DescriptionIcon),
  edit: iconImage(EditIcon),
  reset: iconImage(LockResetIcon),
  attendance: iconImage(EventAvailableIcon),
  termReports: iconImage(AssessmentIcon),
  previous: iconImage(KeyboardArrowLeftIcon),
  next: iconImage(KeyboardArrowRightIcon),
};

export type RowActionItem<Action extends string> = { action: Action; icon: keyof typeof rowActionIcons; label: string };

/** The keys that move the focus within a row's actions, and where each takes it. */
const moves: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => Math.min(at + 1, count - 1),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/** Makes `button` its toolbar's one stop of the Tab key. */
function takeTabStop(event: FocusEvent<HTMLDivElement>) {
  if (!(event.target instanceof HTMLButtonElement)) return;
  for (const button of event.currentTarget.querySelectorAll('button')) button.tabIndex = button === event.target ? 0 : -1;
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  const buttons = [...event.currentTarget.querySelectorAll('button')];
  buttons[move(buttons.indexOf(document.activeElement as HTMLButtonElement), buttons.length)]?.focus();
}

/**
 * A row's actions in the students table (decision 030): plain buttons named by their labels, each
 * with its Material icon drawn by CSS (`rowActionStyle`), so a row adds no element of its own
 * for an icon. Typing in the search box draws the rows in view afresh, five actions each.
 *
 * The actions are one stop of the Tab key: the arrow keys, Home and End move the focus between
 * them, and the one last focused is where Tab comes back to (the toolbar pattern of WAI-ARIA).
 * The stop is moved on the buttons themselves, not through React state, so that moving it
 * draws nothing; React gives each button its first stop only when the row is made.
 */
export function RowActions<Action extends string>({
  label,
  actions,
  onAction,
}: {
  label: string;
  actions: Array<RowActionItem<Action>>;
  onAction: (action: Action) => void;
}) {
  return (
    <div role="toolbar" aria-label={label} className="row-actions" onKeyDown={moveFocus} onFocus={takeTabStop}>
      {actions.map((item, index) => (
        <button
          key={item.action}
          type="button"
          className="row-action"
          data-icon={item.icon}
          aria-label={item.label}
          tabIndex={index === 0 ? 0 : -1}
          onClick={() => onAction(item.action)}
        />
      ))}
    </div>
  );
}

/** The look of `RowActions` and of any `.row-action` button with a `data-icon`, set once on the table: MUI's small IconButton, with a visible focus ring. */
export const rowActionStyle = {
  '& .row-actions': { display: 'flex', gap: 0.5 },
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
  ...Object.fromEntries(Object.entries(rowActionIcons).map(([icon, image]) => [`& .row-action[data-icon="${icon}"]::before`, { maskImage: image }])),
} satisfies SxProps<Theme>;
