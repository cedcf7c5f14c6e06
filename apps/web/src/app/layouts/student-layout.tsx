import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Outlet } from '../../lib/router/index.ts';
import { LightIcon } from '../../components/light/light-icon.tsx';
import { SchoolCrest } from '../../components/school-crest.tsx';
import { whenIdleAfterPaint } from '../../lib/use-idle.ts';
import { studentAccountEntries, studentEntries, type NavEntry } from '../navigation.ts';
import { isCurrent, useLayoutParts } from './use-layout-parts.tsx';
import './student-layout.css';

/**
 * Whether the screen is up: its calls have come back and the browser has been idle since (so what
 * they brought has been drawn: a phone's largest content shows first). It stays up while later
 * calls run. The layout's parts are fetched then: a phone's first download of the screen carries
 * none of them.
 */
function useScreenUp(): boolean {
  const settled = useIsFetching() === 0;
  const [up, setUp] = useState(false);
  useEffect(() => (up || !settled ? undefined : whenIdleAfterPaint(() => setUp(true))), [settled, up]);
  return up;
}

/**
 * The student's layout (SPEC §2), drawn without MUI so her screens show soon on a phone: the top
 * bar with the crest, the school name, the main entries, her initials (a menu of her account's
 * screens) and Logout; a drawer on small screens; the floating menu off the dashboard. The menus
 * and the handed-over message are light too, fetched once the screen is up. A guardian's screens
 * are drawn in it too, with the family's entries and her dashboard (decision 062).
 */
export function StudentLayout({
  entries = studentEntries,
  accountEntries = studentAccountEntries,
  home = '/dashboard',
}: {
  entries?: NavEntry[];
  accountEntries?: NavEntry[];
  /** Where the crest and the school's name lead: her dashboard. */
  home?: string;
}) {
  const screenUp = useScreenUp();
  const { schoolName, initials, path, skipLink, showFloatingMenu, openDrawer, accountButton, accountMenu, drawer, afterPage } = useLayoutParts({
    entries,
    accountEntries,
    dashboardPath: home,
    screenUp,
  });

  return (
    <div className="student-layout">
      {/* The first Tab stop: past the menus to the wizard's form, or to the page. */}
      <a className="student-skip" href={skipLink.href}>
        {skipLink.label}
      </a>
      <header className="student-bar">
        <div className="student-bar-row">
          <button type="button" className="student-bar-button student-bar-menu" aria-label="Open menu" onClick={openDrawer}>
            <LightIcon name="menu" />
          </button>
          <Link to={home} className="student-bar-home">
            <SchoolCrest size={32} />
            {/* The whole name, on two lines if need be, never cut mid-word into nonsense. */}
            <span className="student-bar-name" data-testid="school-name">
              {schoolName}
            </span>
          </Link>
          <nav aria-label="Main" className="student-bar-nav">
            {entries.map((entry) => (
              <Link key={entry.to} to={entry.to} className="student-bar-button" aria-current={isCurrent(entry.to, path, entries) ? 'page' : undefined}>
                {entry.label}
              </Link>
            ))}
          </nav>
          <button type="button" className="student-bar-avatar" {...accountButton}>
            <span>{initials}</span>
          </button>
          {accountMenu}
          {/* On a phone the icon alone, so the school's name keeps its room; its name stays 'Logout'. */}
          <Link to="/logout" className="student-bar-button student-bar-logout" aria-label="Logout">
            <LightIcon name="logout" size={20} />
            <span>Logout</span>
          </Link>
        </div>
      </header>
      {drawer}
      {/* Room at the end of the page where the floating menu shows without covering anything. */}
      <main id="main" tabIndex={-1} className={showFloatingMenu ? 'student-main student-main-fab' : 'student-main'}>
        <Outlet />
      </main>
      {afterPage}
    </div>
  );
}
