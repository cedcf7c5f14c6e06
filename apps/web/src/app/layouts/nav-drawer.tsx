import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { SchoolCrest } from '../../components/school-crest.tsx';
import type { NavEntry } from '../navigation.ts';
import { useFocusReturn } from './menu-keys.ts';
import './layout-menus.css';
import { Link } from '../../lib/router/index.ts';

/** What Tab can reach inside the drawer. */
const focusable = (panel: HTMLElement) => [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];

/** Keeps Tab and Shift+Tab inside the panel, round from its last control to its first and back. */
function keepFocusInside(event: KeyboardEvent, panel: HTMLElement) {
  const controls = focusable(panel);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A list of entries, the one she is on marked. */
function DrawerEntries({ entries, path }: { entries: NavEntry[]; path: string }) {
  return entries.map((entry) => (
    <Link key={entry.to} to={entry.to} className="light-menu-item layout-drawer-entry" aria-current={path === entry.to ? 'page' : undefined}>
      {entry.label}
    </Link>
  ));
}

/** The menu of a small screen, opened from the top bar's menu button: the main entries, then her account's. */
export function NavDrawer({
  open,
  onClose,
  schoolName,
  entries,
  accountEntries,
  path,
}: {
  open: boolean;
  onClose: () => void;
  schoolName: string;
  entries: NavEntry[];
  accountEntries: NavEntry[];
  path: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusReturn(open);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    // The page behind stays still while the drawer is open.
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    if (event.key === 'Tab') keepFocusInside(event, panel.current!);
  };
  return createPortal(
    // Closed, it is out of reach and out of the page's reading while it slides away.
    <div className={open ? 'layout-drawer layout-drawer-open' : 'layout-drawer'} inert={!open} aria-hidden={open ? undefined : true}>
      <div className="layout-drawer-backdrop" data-testid="drawer-backdrop" onClick={onClose} />
      <div ref={panel} role="dialog" aria-modal="true" aria-label="Menu" tabIndex={-1} className="layout-drawer-panel" onKeyDown={onKeyDown}>
        {/* Choosing an entry closes the drawer. */}
        <nav aria-label="Main" onClick={onClose}>
          <div className="layout-drawer-school">
            <SchoolCrest size={28} />
            <span>{schoolName}</span>
          </div>
          <div className="layout-drawer-list">
            <DrawerEntries entries={entries} path={path} />
          </div>
          {accountEntries.length > 0 && (
            <div className="layout-drawer-list layout-drawer-account" role="group" aria-label="Account">
              <DrawerEntries entries={accountEntries} path={path} />
            </div>
          )}
        </nav>
      </div>
    </div>,
    document.body,
  );
}
