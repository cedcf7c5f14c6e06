import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from '../lib/router/index.ts';
import { onEnrolmentRequired, onSessionEnded } from '../api/client.ts';
import { getSessionQueryOptions, mirrorSession, signedOut } from '../api/get-session.ts';
import { LoadingOverlay } from '../components/light/loading-overlay.tsx';

/**
 * When any call answers 401, the session is gone: back to sign-in, where the server's reason shows.
 * The reason goes with the session itself, so the route guard's own redirect cannot lose it. When
 * one answers that she must set up a second factor first, the guard takes her to that screen.
 */
export function SessionEndedWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded((message) => {
        const sessionKey = getSessionQueryOptions().queryKey;
        const was = queryClient.getQueryData(sessionKey);
        queryClient.setQueryData(sessionKey, { ...signedOut, ended_message: message });
        mirrorSession(signedOut);
        navigate(was?.kind === 'guardian' ? '/parents' : was?.admin ? '/admin' : '/', { replace: true });
      }),
    [navigate, queryClient],
  );
  // A call refused until she sets up a second factor: the session says so, and the guard takes her to the enrolment screen.
  useEffect(
    () =>
      onEnrolmentRequired(() =>
        queryClient.setQueryData(getSessionQueryOptions().queryKey, (session) => session && { ...session, must_enrol_second_factor: true }),
      ),
    [queryClient],
  );
  return (
    <Suspense fallback={<LoadingOverlay open />}>
      <Outlet />
    </Suspense>
  );
}
