import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { onSessionEnded } from '../api/client.ts';
import { mirrorSession, signedOut, type Session } from '../api/session.ts';
import { LoadingOverlay } from '../components/loading-overlay.tsx';

/**
 * When any call answers 401, the session is gone: back to sign-in, where the server's reason shows.
 * The reason goes with the session itself, so the route guard's own redirect cannot lose it.
 */
export function SessionEndedWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded((message) => {
        const wasAdmin = queryClient.getQueryData<Session>(['session'])?.admin ?? false;
        queryClient.setQueryData(['session'], { ...signedOut, ended_message: message });
        mirrorSession(signedOut);
        navigate(wasAdmin ? '/admin' : '/', { replace: true });
      }),
    [navigate, queryClient],
  );
  return (
    <Suspense fallback={<LoadingOverlay open />}>
      <Outlet />
    </Suspense>
  );
}
