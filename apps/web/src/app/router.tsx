import { lazy, type ReactElement } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from '../lib/router/index.ts';
import AdminSignInPage from '../features/auth/admin-sign-in-page.tsx';
import SignInPage from '../features/auth/sign-in-page.tsx';
import { registrationRoutes } from '../features/registration/routes.tsx';
import { adminMenu, adminPages, screensOf, type AdminScreen } from './admin-screens.ts';
import { ENROL_PATH, Guard } from './guard.tsx';
import { adminAccountEntries, adminEntries, familyAccountEntries, familyEntries } from './navigation.ts';
import { SessionEndedWatcher } from './session-ended-watcher.tsx';
import { LoadFailed } from '../components/light/load-failed.tsx';
import { LoadingOverlay } from '../components/light/loading-overlay.tsx';

/** Each screen is its own chunk, so the sign-in page loads only what it needs. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * A staff screen: its page, or the word that her role may not use it (decision 048). The check is
 * fetched with the page: it draws with MUI, which the sign-in pages do without.
 */
const staffPage = (screen: AdminScreen) => ({
  lazy: async () => {
    const [{ default: Page }, { Permitted }] = await Promise.all([screen.page(), import('./permitted.tsx')]);
    return {
      Component: () => (
        <Permitted permission={screen.permission}>
          <Page />
        </Permitted>
      ),
    };
  },
});

/**
 * A signed-in layout behind its guard, as a route's own lazy part: the router fetches it together
 * with the screen's chunk, not after the session has come back.
 */
const guarded = (kind: 'student' | 'admin' | 'family', layout: () => Promise<ReactElement>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ element: <Guard kind={kind}>{await layout()}</Guard> }),
});
const NotFoundPage = lazy(async () => ({ default: (await import('../components/mui/not-found-page.tsx')).NotFoundPage }));

/** A screen of the student still drawn with MUI (Privacy), inside MUI's theme. */
const studentMuiScreens: RouteObject = {
  ...page(() => import('./mui-theme-route.tsx')),
  children: [{ path: '/privacy', ...page(() => import('../features/privacy/privacy-page.tsx')) }],
};

/**
 * The signed-in student's screens behind their guard, in her light layout: drawn without MUI so a
 * phone shows them soon (issue 38). The layout comes as the route's own lazy part, fetched with the
 * screen's chunk, not after the session has come back.
 */
const studentScreens: RouteObject = {
  ...guarded('student', async () => {
    const { StudentLayout } = await import('./layouts/student-layout.tsx');
    return <StudentLayout />;
  }),
  children: [
    { path: '/dashboard', ...page(() => import('../features/dashboard/dashboard-page.tsx')) },
    { path: '/registration/change-password', ...page(() => import('../features/auth/change-password-page.tsx')) },
    { path: '/term-reports', ...page(() => import('../features/term-reports/term-reports-page.tsx')) },
    { path: '/attendance', ...page(() => import('../features/attendance/attendance-page.tsx')) },
    { path: '/registration', children: registrationRoutes },
    studentMuiScreens,
  ],
};

/**
 * A parent's or guardian's screens (decision 062), behind their guard, in the student's light,
 * phone-first layout with the family's entries: each its own chunk, none with MUI.
 */
const familyScreens: RouteObject = {
  ...guarded('family', async () => {
    const { StudentLayout } = await import('./layouts/student-layout.tsx');
    return <StudentLayout entries={familyEntries} accountEntries={familyAccountEntries} home="/family" />;
  }),
  children: [
    { path: '/family', ...page(() => import('../features/family/family-page.tsx')) },
    { path: '/family/:studentId', ...page(() => import('../features/family/family-page.tsx')) },
    { path: '/family/:studentId/details', ...page(() => import('../features/family/contact-details-page.tsx')) },
    { path: '/family/add', ...page(() => import('../features/family/add-daughter-page.tsx')) },
    { path: '/family/messages', ...page(() => import('../features/family/family-messages-page.tsx')) },
    { path: '/family/account', ...page(() => import('../features/family/family-account-page.tsx')) },
  ],
};

/**
 * The family's pages before sign-in, light and each its own chunk: sign-in and a forgotten password
 * for visitors only; a reset link and an invitation open whoever follows them (signed in, she
 * accepts an invitation with its token alone).
 */
const familyVisitorScreens: RouteObject[] = [
  {
    element: (
      <Guard kind="family-visitors">
        <Outlet />
      </Guard>
    ),
    children: [
      { path: '/parents', ...page(() => import('../features/family/parents-sign-in-page.tsx')) },
      { path: '/parents/forgot', ...page(() => import('../features/family/forgot-password-page.tsx')) },
    ],
  },
  { path: '/parents/reset', ...page(() => import('../features/family/reset-password-page.tsx')) },
  { path: '/parents/invitation', ...page(() => import('../features/family/invitation-page.tsx')) },
];

/** Every staff screen after sign-in: MUI, in chunks of their own, inside MUI's theme. */
const muiScreens: RouteObject = {
  ...page(() => import('./mui-theme-route.tsx')),
  children: [
    {
      ...guarded('admin', async () => {
        const { PortalLayout } = await import('./layouts/portal-layout.tsx');
        return <PortalLayout entries={adminEntries} accountEntries={adminAccountEntries} dashboardPath="/admin/dashboard" floatingMenu={false} />;
      }),
      children: [
        // Without the admin menu: until she has set up a second factor, none of its screens would open.
        { path: ENROL_PATH, ...page(() => import('../features/account/enrol-page.tsx')) },
        {
          ...page(() => import('./layouts/admin-layout.tsx')),
          children: [...screensOf(adminMenu), ...adminPages].map((screen) => ({ path: screen.path, ...staffPage(screen) })),
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};

/**
 * SPEC §2's route table with the guard of DESIGN §5. The two sign-in pages come with the app
 * itself, drawn without MUI so a phone can use them soon (decision 008).
 */
export const routes: RouteObject[] = [
  {
    element: <SessionEndedWatcher />,
    // While the first screen's scripts download: a spinner at once, not a blank page.
    HydrateFallback: () => <LoadingOverlay open label="Loading" />,
    // A screen whose script could not be fetched (the connection dropped): say so, and offer to try again.
    errorElement: <LoadFailed message="This screen could not be loaded. Check your connection and try again." onRetry={() => window.location.reload()} />,
    children: [
      {
        path: '/',
        element: (
          <Guard kind="visitors">
            <SignInPage />
          </Guard>
        ),
      },
      {
        path: '/admin',
        element: (
          <Guard kind="visitors">
            <AdminSignInPage />
          </Guard>
        ),
      },
      // Signing out: a spinner for a second, light like the sign-in pages it returns to.
      { path: '/logout', ...page(() => import('../features/auth/logout-page.tsx')) },
      ...familyVisitorScreens,
      familyScreens,
      studentScreens,
      muiScreens,
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
