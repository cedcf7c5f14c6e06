import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { LightIcon, type LightIconName } from '../../components/light/light-icon.tsx';
import { useMediaMatch } from '../../components/light/use-phone-width.ts';
import type { NavEntry } from '../navigation.ts';
import { moveAmongItems } from './menu-keys.ts';
import './layout-menus.css';

const icons: Record<string, LightIconName> = {
  '/dashboard': 'dashboard',
  '/admin/dashboard': 'dashboard',
  '/term-reports': 'reports',
  '/registration/student-data': 'registration',
  '/attendance': 'attendance',
};

/** Below this width the page's content reaches under the button's corner. */
const CONTENT_REACHES_CORNER = '(max-width: 1279.98px)';

/** Whether the page is scrolled to its end (or too short to scroll), where the layout keeps room for the button. */
function useAtPageEnd(): boolean {
  const [atEnd, setAtEnd] = useState(true);
  useEffect(() => {
    const check = () => setAtEnd(window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 8);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(document.body);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);
  return atEnd;
}

/**
 * The floating menu of the other entries (SPEC §2), on every page but the dashboard. Where the
 * content reaches under its corner (phones, tablets) the button shows only at the end of the page,
 * in the room the layout keeps free there, so it never covers a field or its save indicator.
 */
export function FloatingMenu({ entries }: { entries: NavEntry[] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const narrow = useMediaMatch(CONTENT_REACHES_CORNER);
  const atEnd = useAtPageEnd();
  const hidden = narrow && !atEnd && !open;
  const button = useRef<HTMLButtonElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') close();
    else moveAmongItems(event, actions.current!);
  };
  return (
    <div className={hidden ? 'layout-fab layout-fab-hidden' : 'layout-fab'} onKeyDown={onKeyDown}>
      {/* The entry nearest the button first, as the column rises from it. */}
      <div ref={actions} id="floating-menu-actions" role="menu" aria-label="Go to another page" className="layout-fab-actions" hidden={!open}>
        {[...entries].reverse().map((entry) => (
          <button
            key={entry.to}
            type="button"
            role="menuitem"
            className="layout-fab-action"
            onClick={() => {
              setOpen(false);
              navigate(entry.to);
            }}
          >
            <span className="layout-fab-label">{entry.label}</span>
            <span className="layout-fab-action-icon">
              <LightIcon name={icons[entry.to] ?? 'dashboard'} />
            </span>
          </button>
        ))}
      </div>
      <button
        ref={button}
        type="button"
        className="layout-fab-button"
        aria-label="Go to another page"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="floating-menu-actions"
        onClick={() => setOpen(!open)}
      >
        <LightIcon name="add" />
      </button>
    </div>
  );
}
