import { useIsFetching } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/get-session.ts';
import { useSchoolName } from '../../api/get-school-config.ts';
import { LightIcon } from '../../components/light-controls/light-icon.tsx';
import { SchoolCrest } from '../../components/school-crest.tsx';
import { useIdle } from '../../lib/use-idle.ts';
import { studentAccountEntries, studentEntries } from '../navigation.ts';
import { AccountMenu, FloatingMenu, NavDrawer, preloadLayoutParts, RouteSnackbar } from './layout-parts.ts';
import './student-layout.css';

const DASHBOARD = '/dashboard';

/** Whether the main entry is the page she is on: the registration entry stands for every wizard step. */
const isCurrent = (to: string, path: string) => path.startsWith(to.replace(/\/student-data$/, ''));

/**
 * Whether the screen is up: the browser has been idle since it was drawn, and its calls have come
 * back (so its largest content shows). It stays up while later calls run. The layout's parts are
 * fetched then: a phone's first download of the screen carries none of them.
 */
function useScreenUp(): boolean {
  const idle = useIdle();
  const settled = useIsFetching() === 0;
  const [up, setUp] = useState(false);
  if (idle && settled && !up) setUp(true);
  useEffect(() => {
    if (up) preloadLayoutParts();
  }, [up]);
  return up;
}

/**
 * The student's layout (SPEC §2), drawn without MUI so her screens show soon on a phone: the top
 * bar with the crest, the school name, the main entries, her initials (a menu of her account's
 * screens) and Logout; a drawer on small screens; the floating menu off the dashboard. The menus
 * and the handed-over message are light too, fetched once the screen is up.
 */
export function StudentLayout() {
  const { data: session } = useSession();
  const schoolName = useSchoolName();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so that it closes with its slide.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const screenUp = useScreenUp();
  const handedMessage = Boolean((location.state as { snackbar?: string } | null)?.snackbar);
  const [accountMenu, setAccountMenu] = useState<HTMLElement | null>(null);
  const inWizard = location.pathname.startsWith('/registration/') && location.pathname !== '/registration/change-password';
  const showFloatingMenu = location.pathname !== DASHBOARD;

  return (
    <div className="student-layout">
      {/* The first Tab stop: past the menus to the wizard's form, or to the page. */}
      <a className="student-skip" href={inWizard ? '#registration-form' : '#main'}>
        {inWizard ? 'Skip to form' : 'Skip to content'}
      </a>
      <header className="student-bar">
        <div className="student-bar-row">
          <button
            type="button"
            className="student-bar-button student-bar-menu"
            aria-label="Open menu"
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <LightIcon name="menu" />
          </button>
          <Link to={DASHBOARD} className="student-bar-home">
            <SchoolCrest size={32} />
            {/* The whole name, on two lines if need be, never cut mid-word into nonsense. */}
            <span className="student-bar-name" data-testid="school-name">
              {schoolName}
            </span>
          </Link>
          <nav aria-label="Main" className="student-bar-nav">
            {studentEntries.map((entry) => (
              <Link key={entry.to} to={entry.to} className="student-bar-button" aria-current={isCurrent(entry.to, location.pathname) ? 'page' : undefined}>
                {entry.label}
              </Link>
            ))}
          </nav>
          {/* Her name on hover as the browser shows a title. */}
          <button
            type="button"
            className="student-bar-avatar"
            title={session?.name ?? undefined}
            aria-label={`Account: ${session?.name ?? 'signed in'}`}
            aria-haspopup="menu"
            aria-expanded={accountMenu ? 'true' : undefined}
            aria-controls={accountMenu ? 'account-menu' : undefined}
            onClick={(event) => setAccountMenu(event.currentTarget)}
          >
            <span>{session?.initials ?? ''}</span>
          </button>
          {accountMenu && (
            <Suspense>
              <AccountMenu.Component anchor={accountMenu} entries={studentAccountEntries} onClose={() => setAccountMenu(null)} />
            </Suspense>
          )}
          {/* On a phone the icon alone, so the school's name keeps its room; its name stays 'Logout'. */}
          <Link to="/logout" className="student-bar-button student-bar-logout" aria-label="Logout">
            <LightIcon name="logout" size={20} />
            <span>Logout</span>
          </Link>
        </div>
      </header>
      {drawerWanted && (
        <Suspense>
          <NavDrawer.Component
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            schoolName={schoolName}
            entries={studentEntries}
            accountEntries={studentAccountEntries}
            path={location.pathname}
          />
        </Suspense>
      )}
      {/* Room at the end of the page where the floating menu shows without covering anything. */}
      <main id="main" tabIndex={-1} className={showFloatingMenu ? 'student-main student-main-fab' : 'student-main'}>
        <Outlet />
      </main>
      {handedMessage && (
        <Suspense>
          <RouteSnackbar.Component />
        </Suspense>
      )}
      {showFloatingMenu && screenUp && (
        <Suspense>
          <FloatingMenu.Component entries={studentEntries.filter((entry) => entry.to !== location.pathname)} />
        </Suspense>
      )}
    </div>
  );
}
