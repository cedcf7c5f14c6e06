import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from './router/index.ts';
import { getSession, getSessionQueryOptions, type Session } from '../api/get-session.ts';

// Here, in the shared floor, rather than beside the session call: entering with a new session
// also tidies the device (decision 039), and the calls of api/ know nothing of what it keeps.

/** Asks the server for the new session, stores it, and moves on to `to` once signed in. */
export function useEnterWithNewSession() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (to: string, state?: unknown): Promise<Session> => {
    const session = await getSession();
    // Another account's unsent changes never wait on this device for their owner (decision 039);
    // fetched only now, so the sign-in screen's first load does not carry it.
    void import('./offline-edits.ts').then((kept) => kept.forgetOfflineEditsOfOthers(session.admin ? null : session.userID)).catch(() => undefined);
    client.setQueryData(getSessionQueryOptions().queryKey, session);
    if (session.authenticated && !session.restricted) await navigate(to, { replace: true, state });
    return session;
  };
}
