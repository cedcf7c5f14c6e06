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
  rememberSignedInHere(session);
}

/** Who was last signed in on this device: a student or a guardian, as her session named her. */
export type SignedInHere = Pick<Session, 'kind' | 'userID'>;

const SIGNED_IN_HERE = 'signedInHere';

/**
 * Keeps who is signed in on this device for her next visit, and forgets it when no student or
 * guardian is (she signed out, or her session was found gone): a visit the service worker opens
 * has no page from the server to start her screen's calls, so the app starts them on this, beside
 * the session, rather than one round trip after it (issue 54). Only what her session names; staff
 * are never kept. A browser that keeps nothing (private mode, storage full) only loses the head start.
 */
function rememberSignedInHere(session: Session): void {
  try {
    const kept = session.authenticated && !session.restricted && !session.admin && session.userID;
    if (kept) localStorage.setItem(SIGNED_IN_HERE, JSON.stringify({ kind: session.kind, userID: session.userID } satisfies SignedInHere));
    else localStorage.removeItem(SIGNED_IN_HERE);
  } catch {
    // Nothing kept: the next visit asks after the session, as a first visit does.
  }
}

/** Who was last signed in on this device (`rememberSignedInHere`), or null. */
export function signedInHere(): SignedInHere | null {
  try {
    const kept = JSON.parse(localStorage.getItem(SIGNED_IN_HERE) ?? 'null') as SignedInHere | null;
    return kept && typeof kept.userID === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** GET /api/session: who the server says is signed in, mirrored into session storage. The truth for the route guard. */
export async function getSession(): Promise<Session> {
  const session = await api<Session>('/api/session');
  mirrorSession(session);
  return session;
}

export const getSessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(getSessionQueryOptions());
