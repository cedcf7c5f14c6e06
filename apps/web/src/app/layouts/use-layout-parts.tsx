import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from '../../lib/router/index.ts';
import { useSession } from '../../api/get-session.ts';
import { useSchoolName } from '../../api/get-school-config.ts';
import type { NavEntry } from '../navigation.ts';
import { AccountMenu, FloatingMenu, NavDrawer, preloadLayoutParts, RouteSnackbar } from './layout-parts.ts';

/**
 * Whether the main entry is the page she is on: the registration entry stands for every wizard
 * step, and an entry for every page under it that no other of `entries` names more closely (the
 * family's dashboard for each daughter's page, not for Messages).
 */
export function isCurrent(to: string, path: string, entries: NavEntry[] = []): boolean {
  const base = (entry: string) => entry.replace(/\/student-data$/, '');
  const under = (entry: string) => path.startsWith(base(entry));
  return under(to) && !entries.some((other) => base(other.to).length > base(to).length && under(other.to));
}

/** The first Tab stop: past the menus to the wizard's form, or to the page. */
function skipLinkFor(path: string) {
  const inWizard = path.startsWith('/registration/') && path !== '/registration/change-password';
  return inWizard ? { href: '#registration-form', label: 'Skip to form' } : { href: '#main', label: 'Skip to content' };
}

type LayoutPartsOptions = {
  entries: NavEntry[];
  accountEntries: NavEntry[];
  /** Where the top bar's name leads; every other page has the floating menu. */
  dashboardPath: string;
  /** False where the screens have a menu of their own (the admin's): no floating menu at all. */
  floatingMenu?: boolean;
  /** Whether the screen is up: the parts are fetched then, and the floating menu shows. */
  screenUp: boolean;
};

/**
 * What the student's and the staff's layouts share, drawn however each top bar looks: the phone's
 * drawer (mounted from its first opening on, so that it closes with its slide), the menu under her
 * initials, the message handed over by the previous screen and the floating menu. Each part comes
 * in a chunk of its own (`layout-parts.ts`), fetched once the screen is up, and is placed by the
 * layout where its element belongs: the account menu beside the initials, the drawer before the
 * page, the message and the floating menu after it.
 */
export function useLayoutParts({ entries, accountEntries, dashboardPath, floatingMenu = true, screenUp }: LayoutPartsOptions) {
  const { data: session } = useSession();
  const schoolName = useSchoolName();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [accountMenu, setAccountMenu] = useState<HTMLElement | null>(null);
  const handedMessage = Boolean((location.state as { snackbar?: string } | null)?.snackbar);
  const showFloatingMenu = floatingMenu && location.pathname !== dashboardPath;
  useEffect(() => {
    if (screenUp) void preloadLayoutParts();
  }, [screenUp]);

  const openDrawer = () => {
    setDrawerWanted(true);
    setDrawerOpen(true);
  };
  /** The initials' button: her name on hover as the browser shows a title; opens her account's menu. */
  const accountButton = {
    title: session?.name ?? undefined,
    'aria-label': `Account: ${session?.name ?? 'signed in'}`,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': accountMenu ? ('true' as const) : undefined,
    'aria-controls': accountMenu ? 'account-menu' : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAccountMenu(event.currentTarget),
  };
  const accountMenuPart: ReactNode = accountMenu && (
    <Suspense>
      <AccountMenu.Component anchor={accountMenu} entries={accountEntries} onClose={() => setAccountMenu(null)} />
    </Suspense>
  );
  const drawerPart: ReactNode = drawerWanted && (
    <Suspense>
      <NavDrawer.Component
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        schoolName={schoolName}
        entries={entries}
        accountEntries={accountEntries}
        path={location.pathname}
      />
    </Suspense>
  );
  const afterPage: ReactNode = (
    <>
      {handedMessage && (
        <Suspense>
          <RouteSnackbar.Component aboveMenu={showFloatingMenu} />
        </Suspense>
      )}
      {showFloatingMenu && screenUp && (
        <Suspense>
          <FloatingMenu.Component entries={entries.filter((entry) => entry.to !== location.pathname)} />
        </Suspense>
      )}
    </>
  );

  return {
    schoolName,
    initials: session?.initials ?? '',
    path: location.pathname,
    skipLink: skipLinkFor(location.pathname),
    /** Whether the page keeps room at its end for the floating menu. */
    showFloatingMenu,
    openDrawer,
    accountButton,
    accountMenu: accountMenuPart,
    drawer: drawerPart,
    afterPage,
  };
}
