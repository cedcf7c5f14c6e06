import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/get-session.ts';
import { failureMessage, LoadFailed } from '../components/light/load-failed.tsx';
import { LoadingOverlay } from '../components/light/loading-overlay.tsx';

export type GuardKind = 'visitors' | 'student' | 'admin';

/** The screen of staff who must set up a second factor before anything else (decision 043). */
export const ENROL_PATH = '/admin/enrol';

/** Where the guard sends a user (DESIGN §5), or null to let her through. */
export function redirectFor(
  kind: GuardKind,
  session: { authenticated: boolean; admin: boolean; restricted: boolean; must_enrol_second_factor?: boolean },
): string | null {
  // A student who must still set her password is not signed in yet (SPEC §4).
  const signedIn = session.authenticated && !(session.restricted && !session.admin);
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
  if (kind === 'visitors' && arrival.current === undefined) arrival.current = redirectFor(kind, session);
  const target = kind === 'visitors' ? arrival.current : redirectFor(kind, session);
  if (target && target !== location.pathname) return <Navigate to={target} replace />;
  return <>{children}</>;
}
