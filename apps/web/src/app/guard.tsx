import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router/index.ts';
import { useSession } from '../api/get-session.ts';
import { failureMessage, LoadFailed } from '../components/light/load-failed.tsx';
import { LoadingOverlay } from '../components/light/loading-overlay.tsx';

/**
 * Who a page is for: visitors (the sign-in pages), a student, staff, a guardian (`family`, decision
 * 062), or visitors to the family's sign-in pages (`family-visitors`).
 */
export type GuardKind = 'visitors' | 'student' | 'admin' | 'family' | 'family-visitors';

/** The screen of staff who must set up a second factor before anything else (decision 043). */
export const ENROL_PATH = '/admin/enrol';

/** The family's first screen, and where a guardian is sent from any page that is not hers. */
export const FAMILY_HOME = '/family';

type GuardedSession = {
  authenticated: boolean;
  kind?: 'student' | 'admin' | 'guardian';
  admin: boolean;
  restricted: boolean;
  must_enrol_second_factor?: boolean;
};

/** Where the guard sends a user (DESIGN §5), or null to let her through. */
export function redirectFor(kind: GuardKind, session: GuardedSession): string | null {
  // A guardian reaches the family's pages only; no one else reaches them.
  if (session.authenticated && session.kind === 'guardian') return kind === 'family' ? null : FAMILY_HOME;
  if (kind === 'family-visitors') return redirectFor('visitors', session);
  // A student who must still set her password is not signed in yet (SPEC §4).
  const signedIn = session.authenticated && !(session.restricted && !session.admin);
  if (kind === 'family') {
    if (!signedIn) return '/parents';
    return session.admin ? '/admin/dashboard' : '/dashboard';
  }
  if (kind === 'visitors') {
    if (!signedIn || (session.admin && session.restricted)) return null;
    return session.admin ? '/admin/dashboard' : '/registration/student-data';
  }
  if (!signedIn) return kind === 'admin' ? '/admin' : '/';
  if (kind === 'admin' && !session.admin) return '/dashboard';
  if (kind === 'admin' && session.restricted) return '/admin';
  if (kind === 'admin' && session.must_enrol_second_factor) return ENROL_PATH;
  if (kind === 'student' && session.admin) return '/admin/dashboard';
  return null;
}

/** The route guard, from the server's session; a reload keeps the user signed in. */
export function Guard({ kind, children }: { kind: GuardKind; children: ReactNode }) {
  const { data: session, isPending, error, refetch } = useSession();
  const location = useLocation();
  // A visitors-only page decides once, on arrival: when the user signs in there, the page itself
  // moves her on (to the dashboard), and the guard must not race it.
  const arrival = useRef<string | null | undefined>(undefined);
  if (error && !session) return <LoadFailed message={failureMessage(error, 'Your session could not be checked just now.')} onRetry={() => void refetch()} />;
  if (isPending || !session) return <LoadingOverlay open label="Checking your session" />;
  const forVisitors = kind === 'visitors' || kind === 'family-visitors';
  if (forVisitors && arrival.current === undefined) arrival.current = redirectFor(kind, session);
  const target = forVisitors ? arrival.current : redirectFor(kind, session);
  if (target && target !== location.pathname) return <Navigate to={target} replace />;
  return <>{children}</>;
}
