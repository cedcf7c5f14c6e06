import { useEffect, useState } from 'react';
import { useLocation } from '../../lib/router/index.ts';
import { LightIcon } from '../../components/light/light-icon.tsx';
import './layout-menus.css';

/** How long the message stays, unless closed sooner. */
const AUTO_HIDE_MS = 6000;

/**
 * Shows a message handed over by the previous screen (`navigate(to, { state: { snackbar } })`), with
 * a close button. `aboveMenu`: the page has the floating menu (and, in the wizard, the step bar),
 * which on a phone it clears; a page without them (a dashboard) has it at the foot of the window,
 * clear of the page's own foot, such as the students table's total.
 */
export function RouteSnackbar({ aboveMenu = true }: { aboveMenu?: boolean }) {
  const location = useLocation();
  const message = (location.state as { snackbar?: string } | null)?.snackbar;
  const [open, setOpen] = useState(Boolean(message));
  useEffect(() => setOpen(Boolean(message)), [message, location.key]);
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), AUTO_HIDE_MS);
    const onKeyDown = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, location.key]);
  if (!open) return null;
  // At the foot of the window, clear of the page's title: on a phone above the wizard's step
  // bar and the floating menu's button when the page has them, wider beside that button.
  return (
    <div className={aboveMenu ? 'layout-snackbar' : 'layout-snackbar layout-snackbar-low'}>
      <div role="alert" className="layout-snackbar-content">
        <span className="layout-snackbar-message">{message}</span>
        <button type="button" className="layout-snackbar-close" aria-label="Close" onClick={() => setOpen(false)}>
          <LightIcon name="close" size={20} />
        </button>
      </div>
    </div>
  );
}
