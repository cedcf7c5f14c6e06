import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@school/contract/responses';
import { signedOutSession } from '@school/contract/signed-out-session';
import { api } from './client.ts';

export type { Session };

export const signedOut: Session = signedOutSession;

/** SPEC §3: session storage holds authenticated, admin and userID; mirrored from the server's answer. */
export function mirrorSession(session: Session): void {
  sessionStorage.setItem('authenticated', String(session.authenticated && !session.restricted));
  sessionStorage.setItem('admin', String(session.admin));
  if (session.userID) sessionStorage.setItem('userID', session.userID);
  else sessionStorage.removeItem('userID');
}

/** GET /api/session: who the server says is signed in, mirrored into session storage. The truth for the route guard. */
export async function getSession(): Promise<Session> {
  const session = await api<Session>('/api/session');
  mirrorSession(session);
  return session;
}

export const getSessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(getSessionQueryOptions());
