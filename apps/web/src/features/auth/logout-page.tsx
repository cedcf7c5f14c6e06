import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { getSessionQueryOptions, mirrorSession, signedOut } from '../../api/get-session.ts';
import { LightSpinner } from '../../components/light/light-spinner.tsx';
import { deleteOfflineEdits } from '../../lib/offline-edits.ts';
import { logout } from './api/logout.ts';

/**
 * SPEC §2: a spinner; after 1 second sign out, forget her unsent changes, and return to `/` (a guardian to `/parents`). Drawn
 * with the light kit, so a student signing out on a phone fetches no MUI for it.
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(async () => {
      // A guardian returns to the family's sign-in, everyone else to the students': whose session
      // this is, asked first when the page was opened by its address and nothing has asked yet.
      const session = await queryClient.fetchQuery(getSessionQueryOptions()).catch(() => queryClient.getQueryData(getSessionQueryOptions().queryKey) ?? null);
      const home = session?.kind === 'guardian' ? '/parents' : '/';
      await logout();
      // A shared phone keeps nothing of hers once she signs out, unsent changes included (decision 039).
      await deleteOfflineEdits().catch(() => undefined);
      queryClient.clear();
      queryClient.setQueryData(getSessionQueryOptions().queryKey, signedOut);
      mirrorSession(signedOut);
      navigate(home, { replace: true });
    }, 1000);
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);
  return (
    <main className="light-page light-stack">
      <LightSpinner label="Signing out" />
      <p className="light-text">Signing out…</p>
    </main>
  );
}
