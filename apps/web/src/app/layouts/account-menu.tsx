import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { NavEntry } from '../navigation.ts';
import { focusFirstItem, moveAmongItems } from './menu-keys.ts';
import './layout-menus.css';
import { Link } from '../../lib/router/index.ts';

/** The window's margin a menu keeps clear of, as MUI's did. */
const MARGIN = 16;

/** Puts the menu under its button, from its left edge, moved left as far as it must to stay inside the window. */
function placeMenu(menu: HTMLElement, anchor: HTMLElement) {
  const box = anchor.getBoundingClientRect();
  menu.style.top = `${box.bottom}px`;
  menu.style.left = `${Math.max(MARGIN, Math.min(box.left, window.innerWidth - menu.offsetWidth - MARGIN))}px`;
}

/** The menu under her initials: her account's screens (such as Change Password) and Logout. */
export function AccountMenu({ anchor, entries, onClose }: { anchor: HTMLElement; entries: NavEntry[]; onClose: () => void }) {
  const menu = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    placeMenu(menu.current!, anchor);
    focusFirstItem(menu.current!);
    // Closed, the focus goes back to her initials.
    return () => anchor.focus();
  }, [anchor]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (moveAmongItems(event, menu.current!)) return;
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };
  const items = [...entries, { to: '/logout', label: 'Logout' }];
  return createPortal(
    <>
      {/* A click anywhere outside the menu closes it. */}
      <div className="layout-menu-backdrop" data-testid="account-menu-backdrop" onClick={onClose} />
      <div ref={menu} id="account-menu" role="menu" className="layout-menu" onKeyDown={onKeyDown}>
        {items.map((entry, index) => (
          <Link key={entry.to} to={entry.to} role="menuitem" tabIndex={index === 0 ? 0 : -1} className="light-menu-item layout-menu-item" onClick={onClose}>
            {entry.label}
          </Link>
        ))}
      </div>
    </>,
    document.body,
  );
}
