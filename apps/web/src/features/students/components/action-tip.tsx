import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';
import { useEffect, useState, type RefObject } from 'react';

/** The button with a tooltip (`data-tip`) that `target` is in, if any. */
const tipped = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-tip]') : null);

/**
 * One tooltip for every button under `root` with a `data-tip`, shown above the button the pointer
 * is over or the keyboard has focused, and gone when it leaves, on a click, a scroll or Escape
 * (WCAG 1.4.13). A tooltip of its own on each row's button, MUI's, would be drawn with each row
 * at every search key; this one listens on the table and draws only itself.
 */
export function ActionTip({ root }: { root: RefObject<HTMLElement | null> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // Focus shows the tooltip when the keyboard moved it, not a click (as :focus-visible would).
    let byPointer = false;
    const show = (event: Event) => {
      const button = tipped(event.target);
      if (button && (event.type === 'mouseover' || !byPointer)) setAnchor(button);
    };
    const leave = (event: Event) => {
      const button = tipped(event.target);
      if (button && !button.contains((event as MouseEvent | FocusEvent).relatedTarget as Node | null))
        setAnchor((current) => (current === button ? null : current));
    };
    const hide = () => setAnchor(null);
    const pointerDown = () => (byPointer = true);
    const keyDown = (event: KeyboardEvent) => {
      byPointer = false;
      if (event.key === 'Escape') hide();
    };
    const listeners: Array<[string, EventListener]> = [
      ['mouseover', show],
      ['focusin', show],
      ['mouseout', leave],
      ['focusout', leave],
      ['click', hide],
      ['scroll', hide],
    ];
    for (const [type, listener] of listeners) element.addEventListener(type, listener, true);
    document.addEventListener('keydown', keyDown, true);
    document.addEventListener('pointerdown', pointerDown, true);
    return () => {
      for (const [type, listener] of listeners) element.removeEventListener(type, listener, true);
      document.removeEventListener('keydown', keyDown, true);
      document.removeEventListener('pointerdown', pointerDown, true);
    };
  }, [root]);
  return (
    <Popper
      open={anchor !== null && anchor.isConnected}
      anchorEl={anchor}
      placement="top"
      role="tooltip"
      modifiers={[{ name: 'offset', options: { offset: [0, 4] } }]}
      sx={(theme) => ({
        zIndex: theme.zIndex.tooltip,
        maxWidth: 220,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        bgcolor: alpha(theme.palette.grey[700], 0.92),
        color: 'common.white',
        fontSize: '0.6875rem',
        fontWeight: 500,
        pointerEvents: 'none',
      })}
    >
      {anchor?.dataset.tip}
    </Popper>
  );
}
